/**
 * Autopay's three forms on the booking page (plain POSTs, with or without JavaScript): turning it
 * on by card or PayTo, turning it off, changing the card. Each runs its schema and answers with a
 * 303: to Stripe, or back to the booking page, whose note says what came of it. A wrong key, and
 * every request while card payments are not configured, is the booking page's plain 404.
 */
import { redirect } from "@remix-run/cloudflare";
import type { z } from "zod";
import { changeAutopayCard, startAutopay, turnAutopayOff } from "~/bookings/booking-page/autopay.server";
import { stripeClient } from "~/bookings/payments/stripe.server";
import { notFound } from "~/bookings/record/private-responses.server";
import { findBookingBySecret } from "~/bookings/record/record.server";
import { autopayCardSchema, autopayOffSchema, autopayStartSchema } from "~/input/booking-page-forms";
import { intentField } from "~/input/fields";
import type { Services } from "~/types/services";
import { readFormBody } from "./body.server";

const plainText = (status: number, text: string) => new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** A form the page never sends as it came (a field missing or changed): said, nothing done. */
const malformed = (error: string) => plainText(400, `${error} Nothing was charged or changed.`);

/** Runs a form's schema, then what it does: a 303 to where that sends the client. */
async function answer<T>(schema: z.ZodType<T>, fields: Record<string, string>, run: (input: T) => Promise<string>): Promise<Response> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) return malformed(parsed.error.issues[0]?.message ?? "This form was not as the booking page sends it.");
  return redirect(await run(parsed.data), 303);
}

export async function autopayAction(services: Services, invoiceNumber: string, request: Request): Promise<Response> {
  const stripe = stripeClient(services.config);
  const booking = stripe && (await findBookingBySecret(services, invoiceNumber, new URL(request.url).searchParams.get("key")));
  if (!stripe || !booking) return notFound();
  const body = await readFormBody(request);
  if (!body.ok) return plainText(body.status, body.error);
  const fields = body.value;
  switch (fields[intentField]) {
    case "autopay":
      return answer(autopayStartSchema, fields, (input) => startAutopay(services, stripe, booking, input));
    case "autopay-off":
      return answer(autopayOffSchema, fields, (input) => turnAutopayOff(services, stripe, booking, input));
    case "change-card":
      return answer(autopayCardSchema, fields, (input) => changeAutopayCard(services, stripe, booking, input));
    default:
      return malformed("This form is not one of the booking page's.");
  }
}
