/**
 * The actions of the booking's "Change the date" and "Cancel the booking" pages: a plain form each,
 * with or without JavaScript. Success is a 303 back to the booking page; a refusal is the page
 * again with the reason (409 for a taken date, as for a booking). A day of the move page's calendar
 * pressed without JavaScript (`intent=price`) moves nothing.
 */
import { data, redirect } from "@remix-run/cloudflare";
import { invoicePath } from "~/bookings/record/addresses";
import { cancelBooking, moveBooking, type ChangeOutcome } from "~/bookings/changes/changes.server";
import type { BookingRecord } from "~/bookings/record/booking";
import { notFound } from "~/bookings/record/private-responses.server";
import { findBookingBySecret } from "~/bookings/record/record.server";
import { followBooking } from "~/crew/follow.server";
import type { Services } from "~/types/services";
import { readFormBody } from "./body.server";
import { moveSchema } from "~/input/booking-page-forms";
import { intentField, priceIntent } from "~/input/fields";
import { validate } from "~/input/validate";

export interface ChangeRefusal {
  error: string;
  value?: string;
}

async function withBooking(services: Services, invoiceNumber: string, request: Request, change: (booking: BookingRecord, fields: Record<string, string>) => Promise<ChangeOutcome | null>) {
  const secret = new URL(request.url).searchParams.get("key");
  const booking = await findBookingBySecret(services, invoiceNumber, secret);
  if (!booking || !secret) return notFound();
  const body = await readFormBody(request);
  if (!body.ok) return data({ error: body.error } satisfies ChangeRefusal, { status: body.status });
  const outcome = await change(booking, body.value);
  if (!outcome) return null;
  if (outcome.kind === "changed") {
    // Whoever works the event hears of the change, and a move is decided again for them.
    await followBooking(services, invoiceNumber).catch((error: unknown) => console.error(`The crew of ${invoiceNumber} could not be told of its change:`, error));
    return redirect(`${invoicePath(invoiceNumber, secret)}#changes`, 303);
  }
  return data({ error: outcome.error, value: body.value.newDate } satisfies ChangeRefusal, { status: outcome.status });
}

export function moveAction(services: Services, invoiceNumber: string, request: Request) {
  return withBooking(services, invoiceNumber, request, async (booking, fields) => {
    // A calendar day pressed without JavaScript: the page again, its address carrying the day, which the loader fills in; nothing moves.
    if (fields[intentField] === priceIntent) return null;
    const input = validate("move", moveSchema, fields);
    return input.ok ? moveBooking(services, booking, input.data.newDate) : { kind: "refused", status: 400, error: input.error };
  });
}

export function cancelAction(services: Services, invoiceNumber: string, request: Request) {
  return withBooking(services, invoiceNumber, request, (booking) => cancelBooking(services, booking));
}
