/**
 * The instalments whose autopay charge failed and that are still short (docs/product-decisions.md,
 * "Payment plans and autopay": the owner is told once): a try declined or refused at once, or a
 * PayTo debit Stripe failed days later. The owner's page and home show them while they are short;
 * the morning e-mail lists each the morning after its first failure only.
 */
import type { BookingRecord } from "~/bookings/record/booking";
import { billableOf } from "~/bookings/record/billable";
import { instalmentsPaid } from "~/bookings/record/payment-plan";

export interface AutopayFailure {
  instalment: number;
  shortCents: number;
  /** The latest failure: Stripe's code, when, and whether autopay tries it again. */
  code: string | null;
  at: string;
  again: boolean;
  /** When the instalment's first charge failed. */
  firstAt: string;
}

type Failed = { code: string | null; at: string; again: boolean };

export function autopayFailures(booking: BookingRecord): AutopayFailure[] {
  return instalmentsPaid(billableOf(booking)).flatMap(({ shortCents }, index) => {
    const instalment = index + 1;
    if (!shortCents) return [];
    const declined: Failed[] = (booking.autopayTries ?? []).flatMap(({ instalment: of, answer }) =>
      of === instalment && (answer?.status === "declined" || answer?.status === "refused") ? [{ code: answer.code, at: answer.at, again: !!answer.again }] : [],
    );
    const late: Failed[] = (booking.failedPayments ?? []).flatMap((failed) => (failed.instalment === instalment ? [{ code: failed.declineCode ?? failed.code, at: failed.at, again: false }] : []));
    const failures = [...declined, ...late].sort((a, b) => a.at.localeCompare(b.at));
    const latest = failures.at(-1);
    return latest ? [{ instalment, shortCents, ...latest, firstAt: failures[0]!.at }] : [];
  });
}
