import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { receiveAutopayEvent } from "~/bookings/payments/autopay-consent.server";
import { receiveStripeEvent, type EventOutcome } from "~/bookings/payments/payment-events.server";
import { receiveRefundEvent } from "~/bookings/payments/refunds.server";
import { stripeClient, verifiedEvent } from "~/bookings/payments/stripe.server";
import { readCapped } from "~/actions/body.server";

/** Stripe's checkout events are a few kilobytes; anything far larger is not from Stripe. */
const maxEventBytes = 256 * 1024;

const answer = (status: number, text: string) => new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export const loader = () => answer(404, "Not Found");

/**
 * Stripe's webhook. The raw body is checked against the `Stripe-Signature` header before anything
 * is read from it; a bad or stale signature is a 400 and changes nothing. A payment or refund is
 * answered 200 once the booking's ledger has it (its e-mails and PDF follow from the ledger), or
 * once it is knowingly left; until then 503, so Stripe delivers it again, for three days
 * (docs/operations.md, "Card payments").
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const secret = context.services.config.STRIPE_WEBHOOK_SECRET;
  if (!secret || request.method !== "POST") return answer(404, "Not Found");
  const body = await readCapped(request, maxEventBytes);
  if (body === null) return answer(413, "Payload too large");
  const event = await verifiedEvent(body, request.headers.get("Stripe-Signature"), secret);
  if (!event) return answer(400, "Invalid or expired Stripe signature");
  const { services } = context;
  const again = "answered 503, so Stripe will deliver it again";
  try {
    const stripe = stripeClient(services.config);
    const recorded = (await receiveRefundEvent(services, stripe, event)) ?? (await receiveStripeEvent(services, event));
    // A deposit's autopay Checkout is a payment too: its consent is kept once the payment is.
    const consent = recorded.retry || !stripe ? null : await receiveAutopayEvent(services, stripe, event);
    const outcome: EventOutcome = consent ? { said: `${recorded.said}; ${consent.said}`, ...(consent.retry ? { retry: true } : {}) } : recorded;
    if (!outcome.retry) return answer(200, outcome.said);
    console.warn(`${outcome.said}: ${again}`);
    return answer(503, outcome.said);
  } catch (error) {
    console.error(`Stripe event ${event.id} (${event.type}) was not stored: ${again}:`, error);
    return answer(503, `Stripe event ${event.id}: not stored yet`);
  }
}
