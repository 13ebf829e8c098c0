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
import { guard, type Checked } from "./guard.server";
import { moveSchema } from "~/input/booking-page-forms";
import { intentField, priceIntent } from "~/input/fields";
import { validate } from "~/input/validate";

export interface ChangeRefusal {
  error: string;
  value?: string;
}

/** A change checked: its refusal, or what it does to the booking once the guard lets it through (null: it changes nothing and is not counted). */
type Prepared = Checked<(booking: BookingRecord) => Promise<ChangeOutcome>> | null;

/** Each change is behind the site's guard, counted against its connection and then against this booking (each sends e-mail). */
async function withBooking(services: Services, invoiceNumber: string, request: Request, kind: "move" | "cancel", prepare: (fields: Record<string, string>) => Prepared) {
  const secret = new URL(request.url).searchParams.get("key");
  const booking = await findBookingBySecret(services, invoiceNumber, secret);
  if (!booking || !secret) return notFound();
  const body = await readFormBody(request);
  if (!body.ok) return data({ error: body.error } satisfies ChangeRefusal, { status: body.status });
  const prepared = prepare(body.value);
  if (!prepared) return null;
  const refused = ({ status, error }: { status: number; error: string }) => data({ error, value: body.value.newDate } satisfies ChangeRefusal, { status });
  const change = await guard(services, kind, request, body.value, () => prepared);
  if (!change.ok) return refused(change);
  const outcome = await change.value(booking);
  if (outcome.kind !== "changed") return refused(outcome);
  // Whoever works the event hears of the change, and a move is decided again for them.
  await followBooking(services, invoiceNumber).catch((error: unknown) => console.error(`The crew of ${invoiceNumber} could not be told of its change:`, error));
  return redirect(`${invoicePath(invoiceNumber, secret)}#changes`, 303);
}

export function moveAction(services: Services, invoiceNumber: string, request: Request) {
  return withBooking(services, invoiceNumber, request, "move", (fields) => {
    // A calendar day pressed without JavaScript: the page again, its address carrying the day, which the loader fills in; nothing moves.
    if (fields[intentField] === priceIntent) return null;
    const input = validate("move", moveSchema, fields);
    if (!input.ok) return { ok: false, status: 400, error: input.error };
    return { ok: true, value: (booking) => moveBooking(services, booking, input.data.newDate), against: { booking: invoiceNumber } };
  });
}

export function cancelAction(services: Services, invoiceNumber: string, request: Request) {
  return withBooking(services, invoiceNumber, request, "cancel", () => ({ ok: true, value: (booking) => cancelBooking(services, booking), against: { booking: invoiceNumber } }));
}
