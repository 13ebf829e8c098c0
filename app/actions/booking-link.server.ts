/**
 * "Send me my booking link", posted from the booking page opened without its key (a plain form,
 * with or without JavaScript): the site's limit and spam trap around the schema (`guard`), then the
 * booking page's own code, which sends after the answer. The answer is a 303 back to the page with
 * a notice, the same whatever address was typed and whether the booking exists
 * (docs/product-decisions.md, "The client's booking page").
 */
import { redirect } from "@remix-run/cloudflare";
import { sendBookingLink } from "~/bookings/booking-page/lost-link.server";
import { bookingPagePath } from "~/bookings/record/addresses";
import type { AppContext } from "~/types/load-context";
import { readFormBody } from "./body.server";
import { bookingLinkNoticeField, type BookingLinkNotice } from "~/input/fields";
import { bookingLinkSchema } from "~/input/booking-page-forms";
import { refusals } from "~/input/messages";
import { validate } from "~/input/validate";
import { checkedForm, guard } from "./guard.server";

function back(invoiceNumber: string, notice: BookingLinkNotice): Response {
  return redirect(`${bookingPagePath(invoiceNumber)}?${bookingLinkNoticeField}=${notice}`, 303);
}

/** Which limit refused, as the page says it: the connection's, or the typed address's. */
function limitNotice(error: string): BookingLinkNotice {
  return error === refusals.addressLimited ? "address-limited" : "limited";
}

/** The form's answer for the booking `invoiceNumber` (a well-formed one: the route answers 404 to any other). */
export async function bookingLinkAction({ services, waitUntil }: Pick<AppContext, "services" | "waitUntil">, invoiceNumber: string, request: Request): Promise<Response> {
  const body = await readFormBody(request);
  if (!body.ok) return Response.json({ error: body.error }, { status: body.status });
  const input = await guard(services, "booking-link", request, body.value, () => checkedForm(validate("booking-link", bookingLinkSchema, body.value)));
  if (!input.ok) {
    if (input.status === 429) return back(invoiceNumber, limitNotice(input.error));
    return input.error === refusals.spam ? Response.json({ error: input.error }, { status: input.status }) : back(invoiceNumber, "invalid");
  }
  // After the answer: neither its content nor its time tells whether the number and the address were right.
  waitUntil(sendBookingLink(services, invoiceNumber, input.value.email).catch((error) => console.error(`The booking link of ${invoiceNumber} could not be sent:`, error)));
  return back(invoiceNumber, "sent");
}
