/**
 * The owner's side of autopay (issue 58; docs/product-decisions.md, "Payment plans and autopay"):
 * their page of the booking shows the plan, each instalment and autopay's state, with "Stop
 * autopay" (detached at Stripe, nothing charged after) and "Charge this instalment now" (only an
 * instalment that is due, charged once however often pressed); the client's notice three days
 * before each charge replaces the instalment's reminders while autopay is on, an instalment in
 * retry is not overdue until its last try fails, and the owner is told of a failure once (their
 * page and home while it is owing, one morning e-mail). Expected figures from the terms: the
 * deposit is 30% of the total rounded up to the dollar, the balance split equally over the plan's
 * months, the odd cents in the last.
 */
import { describe, expect, it } from "vitest";
import { agendaKey } from "~/storage-keys";
import { formatDateInWords } from "~/utils/date-words";
import { addDays, melbourneInstant } from "~/utils/melbourne-time";
import { eventDate } from "../support/event-dates";
import { startFakeStripe, stripeVars } from "../support/fake-stripe";
import { validBooking } from "../support/form-data";
import { declines } from "../support/fake-stripe/test-cards";
import { homeToken, ownerLink } from "../support/links";
import { testClock } from "../support/test-clock";
import { depositWithAutopay, settled, allAnswered } from "./autopay-support";
import { bookThrough, currentRecord, type Booked } from "./booking";
import { postForm, settledMailsOf } from "./forms-support";
import { startedForFile, testOrigin, testVars, workerForFile } from "./worker";

const clock = testClock();
const stripe = startedForFile(() => startFakeStripe({ now: () => clock.now() }), (fake) => fake.close());
const worker = workerForFile(() => ({ vars: { RATE_LIMIT_MAX: "1000", ...stripeVars(stripe) }, clock }));
const morningOf = (date: string) => melbourneInstant(date, "06:00");

// The owner's page's month, from day 10 (its other tests take days 1 to 5).
const bookMonthly = (day: number, fullName: string) =>
  bookThrough(worker, { ...validBooking, fullName, email: `autopay-owner${day}@example.com`, eventDate: eventDate("ownerPage", day), boothType: "Glam Booth", packageDuration: "4 Hours", paymentOption: "monthly" });

const pageOf = async (booked: Booked) => ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "booking", await worker.generations());
const pageText = async (booked: Booked) => (await (await worker.fetch(await pageOf(booked))).text()).replaceAll("&#x27;", "'");
const press = async (booked: Booked, fields: Record<string, string>) => postForm(worker, await pageOf(booked), fields);
const said = (answer: Response) => new URL(answer.headers.get("Location")!, testOrigin).searchParams.get("done");

/** The plan's first instalment as the terms make it: the balance (the total less the deposit) in equal parts, cents down. */
async function firstInstalment(booked: Booked, depositCents: number) {
  const { totalCents, paymentPlan } = await currentRecord(worker, booked);
  const instalments = paymentPlan!.instalments!;
  const each = Math.floor((totalCents - depositCents) / instalments.length);
  expect(instalments[0]!.amountCents).toBe(each);
  return { dueOn: instalments[0]!.dueOn, amountCents: each, count: instalments.length };
}

const instalmentCharges = (booked: Booked) => stripe.autopay.paymentIntents.filter((intent) => intent.metadata?.invoiceNumber === booked.invoiceNumber && intent.metadata?.kind === "instalment");

/** The e-mails of the booking the reminders and autopay's failures sent, by the day of the run that queued them: "day: names". */
async function mailsByDay(booked: Booked, days: readonly number[], dueOn: string): Promise<string[]> {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const day of days) {
    const date = addDays(dueOn, day);
    // Each morning twice: its first run and one an hour on, which sends nothing twice. The site's
    // clock is the run's, as it is when the Cron fires: the queue's consumer answers at its time.
    for (const time of ["06:00", "07:00"]) {
      await clock.set(melbourneInstant(date, time));
      await worker.scheduled(melbourneInstant(date, time));
      await settled(worker, booked, allAnswered);
    }
    const names = Object.keys((await settled(worker, booked, () => true)).emailDelivery).filter((name) => /^(reminder|autopay)-/.test(name) && !seen.has(name));
    for (const name of names) seen.add(name);
    if (names.length) lines.push(`${day}: ${names.sort().join(", ")}`);
  }
  return lines;
}

// First in the file: the mornings it reads are e-mailed by its own runs, once a day for the whole site.
describe("an instalment whose autopay charge fails", () => {
  it("gets no reminder while autopay is on nor is overdue in its retries; the owner is told once (page, home, one morning e-mail); after the last try it is overdue", async () => {
    await clock.set(new Date());
    const home = `/owner?token=${await homeToken(testVars.OWNER_LINK_SECRET)}`;
    const booked = await bookMonthly(12, "陈伟");
    const { depositCents } = await depositWithAutopay(worker, stripe, booked);
    const first = await firstInstalment(booked, depositCents);
    expect(await (await worker.fetch(home)).text()).not.toContain("Autopay charges that failed");
    stripe.autopay.cardFailsFromNow((await currentRecord(worker, booked)).autopay!.saved.paymentMethod, declines.insufficientFunds);

    // From a week before the instalment's date to the day after its last try (tried on its date, 3 and 5 days after).
    const days = [-7, -6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6];
    expect(await mailsByDay(booked, days, first.dueOn)).toEqual([
      `-3: reminder-autopay-notice-${first.dueOn}`,
      "0: autopay-failed-1, autopay-failed-1-owner",
      `5: reminder-overdue-${first.dueOn}, reminder-overdue-${first.dueOn}-owner`,
    ]);
    const notice = (await settledMailsOf(worker, booked.recordKey)).find((mail) => mail.messageId.endsWith(`#reminder-autopay-notice-${first.dueOn}`))!;
    expect(notice.text).toContain(`the instalment of $${(first.amountCents / 100).toFixed(2)} for your booking on ${formatDateInWords(booked.eventDate)} will be charged on ${formatDateInWords(first.dueOn)} to the Visa card ending 4242`);
    expect(notice.text).toContain(booked.page);

    // One morning e-mail tells the owner: the one after the first failure.
    const told: number[] = [];
    for (const day of days) {
      const morning = (await settledMailsOf(worker, agendaKey(addDays(first.dueOn, day)))).find((mail) => mail.messageId.endsWith("#morning"))!;
      if (morning.text.includes(`${booked.invoiceNumber} 陈伟: instalment 1`)) told.push(day);
    }
    expect(told).toEqual([1]);
    const morning = (await settledMailsOf(worker, agendaKey(addDays(first.dueOn, 1)))).find((mail) => mail.messageId.endsWith("#morning"))!;
    expect(morning.text).toContain(`Autopay charges that failed yesterday (your page of each, below):\n\n• ${booked.invoiceNumber} 陈伟: instalment 1 ($${(first.amountCents / 100).toFixed(2)}), not enough money in the account (insufficient_funds); autopay tries it again`);
    expect(morning.text).toMatch(new RegExp(`Your page of booking ${booked.invoiceNumber}: \\S+/owner/booking/${booked.invoiceNumber}\\?sig=`));

    const page = await pageText(booked);
    expect(page).toContain(`Instalment 1 ($${(first.amountCents / 100).toFixed(2)} short): its charge failed`);
    expect(page).toContain(`try 1 failed`);
    expect(page).toContain(`not enough money in the account (insufficient_funds)`);
    expect(page).toContain(`tried again on ${formatDateInWords(addDays(first.dueOn, 3))}`);
    expect(page).toContain(`tried again on ${formatDateInWords(addDays(first.dueOn, 5))}`);
    expect(page).toContain("Autopay does not try it again");
    expect(page).toContain("the last try of an instalment failed.");
    const homePage = await (await worker.fetch(home)).text();
    expect(homePage).toContain("Autopay charges that failed");
    expect(homePage).toContain(`陈伟 (${booked.invoiceNumber})`);
  });
});

describe("the owner's page of a booking with autopay", () => {
  it("shows the plan and autopay; Stop autopay detaches the card at Stripe, and the schedule charges nothing after", async () => {
    await clock.set(new Date());
    const booked = await bookMonthly(10, "Nguyễn Văn Bảo");
    const { depositCents } = await depositWithAutopay(worker, stripe, booked);
    const first = await firstInstalment(booked, depositCents);
    const { autopay } = await currentRecord(worker, booked);
    const card = stripe.autopay.paymentMethods.find((method) => method.id === autopay!.saved.paymentMethod)!;
    const expiry = `${String(card.card!.exp_month).padStart(2, "0")}/${card.card!.exp_year}`;

    const before = await pageText(booked);
    expect(before).toContain("Payment plan and autopay");
    expect(before).toContain(`the instalments are charged to the Visa card ending 4242, expiring ${expiry}`);
    expect(before).toContain(`Instalment 1: $${(first.amountCents / 100).toFixed(2)} due`);
    expect(before).toContain(`Instalment ${first.count}:`);
    expect(before).toContain("Stop autopay");
    // Nothing is due yet, so nothing can be charged now.
    expect(before).not.toContain("Charge this instalment now");

    const stopped = await press(booked, { intent: "stop-autopay" });
    expect(stopped.status).toBe(303);
    expect(said(stopped)).toContain("Autopay is off");
    const after = await currentRecord(worker, booked);
    expect(after.autopay).toBeUndefined();
    expect(after.autopayStopped?.why).toBe("owner");
    expect(card.customer).toBeNull();
    expect(await pageText(booked)).toContain("Autopay is off since");
    expect(await pageText(booked)).toContain("you stopped it");
    // Pressed again, it has nothing to do.
    expect(said(await press(booked, { intent: "stop-autopay" }))).toContain("already off");

    // Autopay off, the instalment is reminded as any (a week before and on its date), with no notice of a charge; and nothing is charged.
    expect(await mailsByDay(booked, [-7, -3, 0], first.dueOn)).toEqual([`-7: reminder-instalment-due-${first.dueOn}-notice`, `0: reminder-instalment-due-${first.dueOn}`]);
    expect(instalmentCharges(booked)).toEqual([]);
    expect((await currentRecord(worker, booked)).autopayTries ?? []).toEqual([]);
  });

  it("charges an instalment now only once it is due, and once however often the button is pressed", async () => {
    await clock.set(new Date());
    const booked = await bookMonthly(11, "Παπαδοπούλου Ελένη");
    const { depositCents } = await depositWithAutopay(worker, stripe, booked);
    const first = await firstInstalment(booked, depositCents);

    const early = await press(booked, { intent: "charge-instalment", instalment: "1" });
    expect(early.status).toBe(409);
    expect(await early.text()).toContain(`Not charged: instalment 1 is not due until ${first.dueOn}.`);
    expect(instalmentCharges(booked)).toEqual([]);

    // Its day, before the morning's run has charged it: the owner presses twice at once, then again.
    await clock.set(melbourneInstant(first.dueOn, "05:30"));
    expect(await pageText(booked)).toContain("Charge this instalment now");
    const presses = await Promise.all([1, 2].map(() => press(booked, { intent: "charge-instalment", instalment: "1" })));
    expect(presses.some((answer) => answer.status === 303)).toBe(true);
    for (const answer of presses) expect([303, 409]).toContain(answer.status);
    const charged = await settled(worker, booked, (record) => !!record.autopayTries?.length && allAnswered(record));
    expect(instalmentCharges(booked).map((intent) => ({ amount: intent.amount, try: intent.metadata?.try, status: intent.status }))).toEqual([
      { amount: first.amountCents, try: `${booked.invoiceNumber}:1:1`, status: "succeeded" },
    ]);
    expect((charged.payments ?? []).filter((payment) => payment.instalment === 1).map(({ amountCents, kind }) => ({ amountCents, kind }))).toEqual([{ amountCents: first.amountCents, kind: "instalment" }]);
    const again = await press(booked, { intent: "charge-instalment", instalment: "1" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Not charged: instalment 1 is paid.");
    const page = await pageText(booked);
    expect(page).toMatch(new RegExp(`charged \\$${(first.amountCents / 100).toFixed(2)} .*\\(${instalmentCharges(booked)[0]!.id}\\)`));
    // The morning's run finds it paid and charges nothing more.
    await worker.scheduled(morningOf(first.dueOn));
    await settled(worker, booked, allAnswered);
    expect(instalmentCharges(booked)).toHaveLength(1);
  });
});
