/**
 * The owner's bank payment forms on their page of a booking (record one, void one), with or
 * without JavaScript: behind the page's own signed link; success is a 303 back to the page saying
 * what was done; a refusal is this route's page with the reason and the way back.
 */
import { data, redirect } from "@remix-run/cloudflare";
import { recordBankPayment, voidBankPayment } from "~/bookings/payments/bank-payments.server";
import { bookingOfOwnerLink } from "~/bookings/record/owner-links.server";
import { notFound } from "~/bookings/record/private-responses.server";
import type { Services } from "~/types/services";
import { readFormBody } from "./body.server";
import { bankPaymentSchema, validate, voidPaymentSchema } from "./schemas";

export interface PaymentFormRefusal {
  error: string;
  /** The owner's page to go back to. */
  back: string;
}

export async function ownerPaymentsAction(services: Services, invoiceNumber: string | undefined, request: Request) {
  const query = new URL(request.url).searchParams;
  const booking = await bookingOfOwnerLink(services, "booking", invoiceNumber, query);
  if (!booking) return notFound();
  const page = `/owner/booking/${booking.invoiceNumber}?sig=${query.get("sig")}`;
  const refused = (error: string, status: number) => data({ error, back: page } satisfies PaymentFormRefusal, { status });
  const body = await readFormBody(request);
  if (!body.ok) return refused(body.error, body.status);
  const fields = body.value;
  const input = fields.intent === "void" ? validate("void-payment", voidPaymentSchema, fields) : validate("bank-payment", bankPaymentSchema, fields);
  if (!input.ok) return refused(input.error, 400);
  const done = "paymentId" in input.data ? await voidBankPayment(services, booking, input.data) : await recordBankPayment(services, booking, input.data);
  if (!done.ok) return refused(done.said, 409);
  return redirect(`${page}&done=${encodeURIComponent(done.said)}#payments`, 303);
}
