/**
 * Autopay's e-mails: to the client when their bank stopped autopay (a PayTo agreement paused or
 * changed in the bank app is cancelled by Stripe), and to both when an instalment's charge failed
 * (once per instalment, whatever its tries), so what is still to pay is paid from the booking page.
 */
import { clientGreeting } from "./greeting";
import { business } from "~/business";
import type { BookingRecord } from "~/bookings/record/booking";
import { letterPair, toClient, type Link, type MailPair } from "~/mail/letter.server";
import type { Mail } from "~/mail/message";
import { formatDateInWords } from "~/utils/date-words";
import { formatCents } from "~/bookings/record/amounts";

export function autopayStoppedByBankMail(booking: BookingRecord, page: string, { ownerEmail }: { ownerEmail: string }): Mail {
  return toClient(
    { client: { email: booking.email, name: booking.fullName }, ownerEmail },
    {
      subject: `Autopay stopped for booking ${booking.invoiceNumber} – ${business.name}`,
      greeting: clientGreeting(booking),
      paragraphs: [
        `Your PayTo agreement for your booking on ${formatDateInWords(booking.eventDate)} was paused or changed in your bank app, so your bank has cancelled it and nothing more will be taken by it.`,
        "What is still to pay falls due on the dates on your booking page, where you can pay each instalment by card or bank transfer.",
      ],
      rows: [["Invoice", booking.invoiceNumber]],
      links: [{ label: `Your booking ${booking.invoiceNumber}`, url: page }],
    },
  );
}

/** An instalment's charge failed: the client pays from their page (one button, by card); the owner knows. `again`: tried again on a later day. Worded for a card and a PayTo agreement alike: a PayTo debit fails days later, by when autopay may be off. */
export function instalmentFailedMails(
  booking: BookingRecord,
  failed: { instalment: number; amountCents: number; code: string | null; again: boolean },
  page: string,
  ownerPage: readonly Link[],
  { ownerEmail }: { ownerEmail: string },
): MailPair {
  const amount = formatCents(failed.amountCents);
  const rows: [string, string][] = [["Invoice", booking.invoiceNumber], ["Instalment", `${failed.instalment}: ${amount}`], ["Reason", failed.code ?? "declined"]];
  const next = failed.again ? "It will be tried again in a few days unless the instalment is paid first." : "Autopay has stopped for this booking: nothing more will be charged by itself.";
  return letterPair(
    { client: { email: booking.email, name: booking.fullName }, ownerEmail },
    {
      owner: {
        subject: `Autopay failed ${booking.invoiceNumber}: ${booking.fullName}, instalment ${failed.instalment}`,
        greeting: `The charge of instalment ${failed.instalment} (${amount}) for ${booking.fullName} failed.`,
        paragraphs: [next],
        rows,
        actions: ownerPage,
      },
      visitor: {
        subject: `Your instalment could not be charged – ${business.name}`,
        greeting: clientGreeting(booking),
        paragraphs: [`We could not charge instalment ${failed.instalment} (${amount}) of your booking for ${formatDateInWords(booking.eventDate)} by autopay.`, next, "You can pay it now by card from your booking page."],
        rows,
        links: [{ label: `Your booking ${booking.invoiceNumber}`, url: page }],
      },
    },
  );
}
