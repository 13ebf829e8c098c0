/**
 * "Keep my date": the booking page opened from the booking e-mail's link posts the one-time proof
 * that link carried (app/bookings/record/address-proof.ts), with or without JavaScript. Whatever
 * comes of it, the answer is a 303 back to the booking page, which says where the date stands;
 * pressing again, or a replay of the press, changes nothing.
 */
import { redirect } from "@remix-run/cloudflare";
import { proofHashOf } from "~/bookings/record/address-proof";
import { invoicePath } from "~/bookings/record/addresses";
import { notFound } from "~/bookings/record/private-responses.server";
import { findBookingBySecret } from "~/bookings/record/record.server";
import type { Services } from "~/types/services";
import { readFormBody } from "./body.server";

export async function keepDateAction(services: Pick<Services, "kv" | "ledger" | "now">, invoiceNumber: string, request: Request): Promise<Response> {
  const secret = new URL(request.url).searchParams.get("key");
  const booking = await findBookingBySecret(services, invoiceNumber, secret);
  if (!booking || !secret) return notFound();
  const body = await readFormBody(request);
  const proof = body.ok ? (body.value.proof ?? "") : "";
  const outcome = await services.ledger.changeByClient(invoiceNumber, { kind: "prove", proofHash: await proofHashOf(proof), at: services.now().toISOString() });
  const kept = outcome?.kind === "changed" || outcome?.kind === "already";
  return redirect(`${invoicePath(invoiceNumber, secret)}&kept=${kept ? "yes" : "no"}#keep-my-date`, 303);
}
