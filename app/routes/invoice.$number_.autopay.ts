import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { notFound } from "~/bookings/record/private-responses.server";
import { autopayAction } from "~/actions/autopay.server";

/** Only the booking page's autopay forms (POSTs) use this address. */
export const loader = () => notFound();

/** Autopay on, off, or a new card: a 303 to Stripe or back to the booking page. */
export const action = ({ params, request, context }: ActionFunctionArgs) => autopayAction(context.services, params.number ?? "", request);
