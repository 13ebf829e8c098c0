import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { isInvoiceNumber } from "~/input/invoice-number";
import { notFound } from "~/bookings/record/private-responses.server";
import { bookingLinkAction } from "~/actions/booking-link.server";

/** Only the form posts here; like every address under the booking page, a plain GET is a 404. */
export const loader = () => notFound();

/** "Send me my booking link", from the booking page opened without its key. */
export const action = ({ params, request, context }: ActionFunctionArgs) =>
  isInvoiceNumber(params.number) ? bookingLinkAction(context, params.number, request) : notFound();
