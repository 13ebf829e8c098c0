/**
 * A plan's instalments among the owner's morning's overdue payments (issue 58: "an instalment in
 * retry is not overdue until its last try fails"): one autopay charges and tries again is not
 * listed while it is tried; once its last try failed it is, as an overdue balance is, with its
 * amount and its date; one past its date with autopay never on is listed from the morning after.
 * Its own Worker: the morning e-mail is one a day for the whole site. Expected figures from the
 * terms: the deposit 30% of the total rounded up to the dollar, the balance in equal monthly
 * instalments (the odd cents in the last); a soft decline tried again 3 and 5 days after the first.
 */
import { describe, expect, it } from "vitest";
import { agendaKey } from "~/storage-keys";
import { formatDateInWords } from "~/utils/date-words";
import { addDays } from "~/utils/melbourne-time";
import { eventDate } from "../support/event-dates";
import { startFakeStripe, stripeVars } from "../support/fake-stripe";
import { declines } from "../support/fake-stripe/test-cards";
import { validBooking } from "../support/form-data";
import { allAnswered, depositWithAutopay, morningOf, settled } from "./autopay-support";
import { bookThrough, currentRecord, deliverPaid, startCheckout, type Booked } from "./booking";
import { settledMailsOf } from "./forms-support";
import { startedForFile, workerForFile } from "./worker";

const stripe = startedForFile(() => startFakeStripe(), (fake) => fake.close());
const worker = workerForFile(() => ({ vars: { RATE_LIMIT_MAX: "1000", ...stripeVars(stripe) } }));

// The payment plans' month, in the Open Booth: days 10 and 20 (autopay-dead-letters.test.ts takes 1 to 3; the other files book the Glam and Enclosed Booths).
const bookMonthly = (day: number, fullName: string) =>
  bookThrough(worker, { ...validBooking, fullName, email: `overdue${day}@example.com`, eventDate: eventDate("paymentPlans", day), boothType: "Open Booth", packageDuration: "4 Hours", paymentOption: "monthly" });

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The plan's first instalment as the terms lay it out: the balance beyond the deposit in equal parts, cents down. */
async function firstInstalment(booked: Booked) {
  const { totalCents, paymentPlan } = await currentRecord(worker, booked);
  const depositCents = Math.ceil((totalCents * 0.3) / 100) * 100;
  const instalments = paymentPlan!.instalments!;
  const first = instalments[0]!;
  expect(first.amountCents).toBe(Math.floor((totalCents - depositCents) / instalments.length));
  return first;
}

/** The morning e-mail's overdue payments on `day`, after that day's first run (which sends it) and the tries it queued. */
async function overdueOn(tried: Booked, day: string): Promise<string[]> {
  await worker.scheduled(morningOf(day));
  await settled(worker, tried, allAnswered);
  const morning = (await settledMailsOf(worker, agendaKey(day))).find((mail) => mail.messageId.endsWith("#morning"));
  const section = morning?.text.split("Overdue payments:\n")[1]?.split("\n\n")[0] ?? "";
  return section.split("\n").filter((line) => line.startsWith("• "));
}

describe("the morning's overdue payments", () => {
  it("leave out an instalment autopay still tries, list it once its last try failed, and list one past its date with autopay off", async () => {
    const tried = await bookMonthly(10, "Phạm Quốc Bảo");
    await depositWithAutopay(worker, stripe, tried);
    const first = await firstInstalment(tried);
    stripe.autopay.cardFailsFromNow((await currentRecord(worker, tried)).autopay!.saved.paymentMethod, declines.insufficientFunds);
    const triedLine = `• ${tried.invoiceNumber} Phạm Quốc Bảo: ${money(first.amountCents)} (instalment 1) was due on ${formatDateInWords(first.dueOn)}`;
    // A plan the client pays by the pay button, autopay never on.
    const unpaid = await bookMonthly(20, "赵丽华");
    await deliverPaid(worker, await startCheckout(worker, stripe, unpaid));
    const due = await firstInstalment(unpaid);
    const unpaidLine = `• ${unpaid.invoiceNumber} 赵丽华: ${money(due.amountCents)} (instalment 1) was due on ${formatDateInWords(due.dueOn)}`;

    // The mornings of both, in order: the autopay one tried on its date and again 3 and 5 days after; each date and the morning after.
    const mornings = [...new Set([0, 1, 2, 3, 4, 5, 6].map((day) => addDays(first.dueOn, day)).concat(due.dueOn, addDays(due.dueOn, 1)))].sort();
    const overdue = new Map<string, string[]>();
    for (const day of mornings) overdue.set(day, await overdueOn(tried, day));
    // In retry through the morning of its last try; overdue the morning after it failed.
    for (const day of [0, 1, 2, 3, 4, 5]) expect(overdue.get(addDays(first.dueOn, day)), `day ${day}`).not.toContain(triedLine);
    expect(overdue.get(addDays(first.dueOn, 6))).toContain(triedLine);
    expect((await currentRecord(worker, tried)).autopayStopped?.why).toBe("last-try");
    // Autopay off: due on its date, overdue the morning after.
    expect(overdue.get(due.dueOn)).not.toContain(unpaidLine);
    expect(overdue.get(addDays(due.dueOn, 1))).toContain(unpaidLine);
  });
});
