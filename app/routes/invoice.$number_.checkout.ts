import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { findBookingBySecret } from "~/bookings/record/record.server";
import { checkoutTarget } from "~/bookings/payments/checkout.server";
import { stripeClient } from "~/bookings/payments/stripe.server";

const notFound = () => new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** Only the invoice page's pay button (a POST) uses this address. */
export const loader = notFound;

/**
 * Starts card checkout for what the invoice owes now and sends the visitor to Stripe (303). Same
 * rules as the invoice page: a wrong or missing secret is a plain 404, and so is every request
 * when card checkout is not configured.
 */
export async function action({ params, request, context }: ActionFunctionArgs) {
  const stripe = stripeClient(context.services.config);
  const secret = new URL(request.url).searchParams.get("key");
  const booking = stripe && (await findBookingBySecret(context.services, params.number ?? "", secret));
  if (!stripe || !booking) return notFound();
  return redirect(await checkoutTarget(context.services, stripe, booking), 303);
}
