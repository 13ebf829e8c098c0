/**
 * Payment plans on the booking form and the booking page (docs/product-decisions.md, "Payment
 * plans and autopay"), in workerd. The expected instalments are worked out here from the rule as
 * the decisions write it, not by the app's own schedule: the balance due 14 days before the event;
 * a plan offered when that is two calendar months or more after booking; equal monthly instalments
 * on the balance due date's day of the month (the month's last day where shorter), from 30 days
 * after booking through the due date, the odd cents in the last; the deposit 30% rounded up to
 * the whole dollar.
 */
import { describe, expect, it } from "vitest";
import type { BookingRecord } from "~/bookings/record/booking";
import { addDays, melbourneInstant, melbourneToday } from "~/utils/melbourne-time";
import { eventDate } from "../support/event-dates";
import { validBooking } from "../support/form-data";
import { bookThrough, type Booked } from "./booking";
import { getJson, postForm, postJson, settledMailsOf } from "./forms-support";
import { ownerLink } from "../support/links";
import { pdfText } from "../support/pdf-text";
import { testVars, workerForFile } from "./worker";

const worker = workerForFile({ vars: { RATE_LIMIT_MAX: "1000" } });

const fields = (day: number, extra: Record<string, string> = {}) => ({
  ...validBooking,
  fullName: "Ελένη Παπαδοπούλου",
  email: `plan${day}@example.com`,
  eventDate: eventDate("paymentPlans", day),
  boothType: "Glam Booth",
  packageDuration: "3 Hours",
  ...extra,
});

const record = (booked: Pick<Booked, "recordKey">) => getJson<BookingRecord>(worker, booked.recordKey);

/** `day` of the month `months` from `date`'s, or that month's last day. */
function onDay(date: string, months: number, day: number): string {
  const [year, month] = date.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month - 1 + months + 1, 0));
  return `${last.getUTCFullYear()}-${String(last.getUTCMonth() + 1).padStart(2, "0")}-${String(Math.min(day, last.getUTCDate())).padStart(2, "0")}`;
}

/** The plan the rule gives a booking made `bookedOn` for `event` with `totalCents`. */
function expectedPlan(bookedOn: string, event: string, totalCents: number) {
  const balanceDueOn = addDays(event, -14);
  const depositCents = Math.ceil((totalCents * 0.3) / 100) * 100;
  const dates: string[] = [];
  for (let back = 0; onDay(balanceDueOn, -back, Number(balanceDueOn.slice(8))) >= addDays(bookedOn, 30); back++) dates.unshift(onDay(balanceDueOn, -back, Number(balanceDueOn.slice(8))));
  const balance = totalCents - depositCents;
  const each = Math.floor(balance / dates.length);
  return dates.map((dueOn, index) => ({ dueOn, amountCents: index === dates.length - 1 ? balance - each * (dates.length - 1) : each }));
}

const pageOf = async (booked: Booked) => (await worker.fetch(booked.page)).text();

describe("choosing how to pay when booking", () => {
  it("keeps the deposit then monthly with its instalments, from 30 days after booking through the balance's due date, summing to the total", async () => {
    const booked = await bookThrough(worker, fields(1, { paymentOption: "monthly" }));
    const stored = await record(booked);
    const plan = expectedPlan(stored.issuedOn, booked.eventDate, stored.totalCents);
    expect(plan.length).toBeGreaterThan(12);
    expect(stored.paymentPlan).toMatchObject({ option: "monthly", instalments: plan });
    expect(plan.at(-1)!.dueOn).toBe(addDays(booked.eventDate, -14));
    const page = await pageOf(booked);
    expect(page).toContain("The deposit now, then monthly");
    // The terms the client signs say what the plan is.
    expect(page).toContain(`in ${plan.length} monthly instalments`);
  });

  it("a booking sent without a choice pays the deposit then the balance, as every booking did before plans, and its terms read as before", async () => {
    const booked = await bookThrough(worker, fields(2));
    expect((await record(booked)).paymentPlan).toMatchObject({ option: "deposit-balance" });
    const page = await pageOf(booked);
    expect(page).not.toContain("You chose to pay");
    expect(page).not.toContain("monthly instalments:");
  });

  it("takes the choice from the form without JavaScript, and refuses monthly beside the field where the balance falls due within two months, storing nothing", async () => {
    const taken = await postForm(worker, "/booking", fields(3, { paymentOption: "all-now" }));
    expect(taken.status).toBe(303);
    const path = new URL(taken.headers.get("Location")!, "https://x.test").pathname;
    const number = path.split("/").at(-1)!;
    expect((await getJson<BookingRecord>(worker, `booking:${eventDate("paymentPlans", 3)}:${number}`)).paymentPlan).toMatchObject({ option: "all-now" });

    const near = addDays(melbourneToday(), 60);
    const refused = await postForm(worker, "/booking", { ...fields(4, { paymentOption: "monthly" }), eventDate: near });
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(html).toContain("Monthly payments are offered when the balance falls due two months or more from today");
    expect(html).toContain('id="booking-paymentOption-error"');
    const json = await postJson(worker, "/.netlify/functions/booking", { ...fields(4, { paymentOption: "monthly" }), eventDate: near });
    expect(json.status).toBe(422);
    const keys = (await (await worker.kv()).list({ prefix: `booking:${near}:` })).keys;
    expect(keys).toEqual([]);
  });
});

describe("choosing again on the booking page", () => {
  it("shows each way with its dates and amounts, and changes to monthly before anything is paid", async () => {
    const booked = await bookThrough(worker, fields(5));
    const stored = await record(booked);
    const plan = expectedPlan(stored.issuedOn, booked.eventDate, stored.totalCents);
    const page = await pageOf(booked);
    expect(page).toContain('id="plan-paymentOption-monthly" type="radio" name="paymentOption"');
    const first = new Intl.DateTimeFormat("en-AU", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${plan[0]!.dueOn}T00:00:00Z`));
    expect(page).toContain(`$${(plan[0]!.amountCents / 100).toFixed(2)} on ${first}`);

    const chosen = await postForm(worker, booked.page, { intent: "plan", paymentOption: "monthly" });
    expect(chosen.status).toBe(303);
    expect((await record(booked)).paymentPlan).toMatchObject({ option: "monthly", instalments: plan });
    expect(await pageOf(booked)).toContain("Your monthly instalments");
  });

  it("refuses to choose again once a payment is made, saying why, and keeps the plan", async () => {
    const booked = await bookThrough(worker, fields(7, { paymentOption: "monthly" }));
    const before = await record(booked);
    const owner = await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "booking");
    const paid = await postForm(worker, owner, { intent: "bank", attempt: crypto.randomUUID(), receivedOn: melbourneToday(), reference: booked.invoiceNumber, amount: "50.00" });
    expect(paid.status).toBe(303);
    const refused = await postForm(worker, booked.page, { intent: "plan", paymentOption: "deposit-balance" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("A payment has been made, so the way to pay is set.");
    expect((await record(booked)).paymentPlan).toEqual(before.paymentPlan);
    expect(await pageOf(booked)).not.toContain('id="plan-paymentOption-monthly"');
  });

  it("reads a booking stored before plans as the deposit then the balance, and lets it choose monthly", async () => {
    const original = await bookThrough(worker, fields(6));
    const kv = await worker.kv();
    const { value, metadata } = await kv.getWithMetadata<BookingRecord>(original.recordKey, "json");
    // The record as bookings were stored before plans: no `paymentPlan`, under a number of its own.
    const { paymentPlan: _none, ...before } = value!;
    const invoiceNumber = `PB-${before.issuedOn.replaceAll("-", "")}-${String(100 + Math.floor(Math.random() * 900))}`.replace(/^PB-\d{8}/, "PB-20200101");
    const older = { ...before, invoiceNumber, invoicePdf: `invoices/${invoiceNumber}.pdf` };
    const recordKey = `booking:${older.eventDate}:${invoiceNumber}`;
    await kv.put(recordKey, JSON.stringify(older), { metadata });
    await kv.put(`invoice:${invoiceNumber}`, JSON.stringify({ eventDate: older.eventDate, summary: "older" }));
    const booked: Booked = { ...original, invoiceNumber, recordKey, page: `/invoice/${invoiceNumber}?key=${older.invoiceSecret}` };

    const page = await pageOf(booked);
    expect(page).toContain("You chose: <strong>The deposit now and the balance later</strong>");
    expect((await postForm(worker, booked.page, { intent: "plan", paymentOption: "monthly" })).status).toBe(303);
    expect((await record(booked)).paymentPlan).toMatchObject({ option: "monthly", instalments: expectedPlan(older.issuedOn, older.eventDate, older.totalCents) });
  });
});

/** "Wednesday 22 January 2031", as the pages write a date. */
const inWords = (date: string) => new Intl.DateTimeFormat("en-AU", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe("a plan shown", () => {
  it("on the booking page's statement and the owner's page, each instalment with its due date, amount and whether paid; the tax invoice PDF keeps the dates it was issued with", async () => {
    const booked = await bookThrough(worker, fields(8, { paymentOption: "monthly" }));
    const stored = await record(booked);
    const plan = expectedPlan(stored.issuedOn, booked.eventDate, stored.totalCents);
    const deposit = Math.ceil((stored.totalCents * 0.3) / 100) * 100;
    // The deposit and the first instalment paid by bank: the first instalment shows paid, the second not.
    const owner = await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "booking");
    const amount = ((deposit + plan[0]!.amountCents) / 100).toFixed(2);
    expect((await postForm(worker, owner, { intent: "bank", attempt: crypto.randomUUID(), receivedOn: melbourneToday(), reference: booked.invoiceNumber, amount })).status).toBe(303);

    const page = await pageOf(booked);
    expect(page).toContain(`Instalment, due by ${inWords(plan[0]!.dueOn)} (paid)`);
    expect(page).toContain(`Instalment, due by ${inWords(plan[1]!.dueOn)}<`);
    expect(page).toContain(`Instalment, due by ${inWords(plan.at(-1)!.dueOn)}<`);
    expect(page).toContain(money(plan.at(-1)!.amountCents));
    const ownerPage = await (await worker.fetch(owner)).text();
    expect(ownerPage).toContain(`Instalment, due by ${inWords(plan[1]!.dueOn)}`);

    const pdf = pdfText(new Uint8Array(await (await (await worker.r2()).get(`${booked.invoiceNumber}.pdf`))!.arrayBuffer()));
    expect(pdf).toContain(`Balance, due by ${inWords(addDays(booked.eventDate, -14))}`);
    expect(pdf).not.toContain("Instalment");
  });
});

describe("a plan through the booking's changes", () => {
  /** The plan the rule gives what is still owed after the deposit, spread over the instalments to come (all of them are to come: the first is a month away). */
  const stillOwed = (booking: BookingRecord) => booking.totalCents - Math.ceil((booking.totalCents * 0.3) / 100) * 100;
  const sum = (booking: BookingRecord) => booking.paymentPlan!.instalments!.reduce((total, instalment) => total + instalment.amountCents, 0);

  it("add-ons spread their difference over the instalments to come; a move re-dates them by the new balance due date; a cancellation leaves nothing more due", async () => {
    const booked = await bookThrough(worker, fields(11, { paymentOption: "monthly" }));
    const before = await record(booked);
    expect((await postForm(worker, booked.page, { intent: "extras", extraHours: "0", backdrop: "", "addOn-usb": "on" })).status).toBe(303);
    const added = await record(booked);
    expect(added.totalCents).toBeGreaterThan(before.totalCents);
    expect(sum(added)).toBe(stillOwed(added));
    expect(added.paymentPlan!.instalments!.map((instalment) => instalment.dueOn)).toEqual(before.paymentPlan!.instalments!.map((instalment) => instalment.dueOn));
    expect(added.paymentPlan!.instalments).toEqual(expectedPlan(added.issuedOn, added.eventDate, added.totalCents));

    const newDate = addDays(booked.eventDate, -45);
    expect((await postForm(worker, `/invoice/${booked.invoiceNumber}/move?key=${booked.secret}`, { newDate })).status).toBe(303);
    const moved = await getJson<BookingRecord>(worker, `booking:${newDate}:${booked.invoiceNumber}`);
    expect(moved.paymentPlan!.instalments).toEqual(expectedPlan(moved.issuedOn, newDate, moved.totalCents));

    expect((await postForm(worker, `/invoice/${booked.invoiceNumber}/cancel?key=${booked.secret}`, {})).status).toBe(303);
    const page = await (await worker.fetch(`/invoice/${booked.invoiceNumber}?key=${booked.secret}`)).text();
    expect(page).not.toContain("Instalment, due by");
  });
});

describe("what a plan owes, and when", () => {
  it("all now: the pay button takes the whole total from the start", async () => {
    const booked = await bookThrough(worker, fields(9, { paymentOption: "all-now" }));
    const stored = await record(booked);
    const page = await pageOf(booked);
    expect(page).toContain(`Owing now (in full)</span> <strong>${money(stored.totalCents)}`);
  });

  // Last in the file: the schedule's runs act on every booking the file made.
  it("monthly: once the deposit is paid each instalment is owing in turn, reminded 7 days before and on its date, and overdue 2 days after with the owner told, in place of the balance's reminders", async () => {
    const booked = await bookThrough(worker, fields(10, { paymentOption: "monthly" }));
    const stored = await record(booked);
    const plan = expectedPlan(stored.issuedOn, booked.eventDate, stored.totalCents);
    const deposit = Math.ceil((stored.totalCents * 0.3) / 100) * 100;
    const owner = await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "booking");
    expect((await postForm(worker, owner, { intent: "bank", attempt: crypto.randomUUID(), receivedOn: melbourneToday(), reference: booked.invoiceNumber, amount: (deposit / 100).toFixed(2) })).status).toBe(303);
    expect(await pageOf(booked)).toContain(`Owing now (instalment)</span> <strong>${money(plan[0]!.amountCents)}`);

    const first = plan[0]!.dueOn;
    for (const day of [addDays(first, -7), first, addDays(first, 2)]) await worker.scheduled(melbourneInstant(day, "06:00"));
    const mails = (await settledMailsOf(worker, booked.recordKey)).filter((mail) => mail.messageId.includes("#reminder-"));
    const names = mails.map((mail) => mail.messageId.split("#")[1]).sort();
    expect(names).toEqual([`reminder-instalment-due-${first}`, `reminder-instalment-due-${first}-notice`, `reminder-overdue-${first}`, `reminder-overdue-${first}-owner`].sort());
    const onTheDay = mails.find((mail) => mail.messageId.endsWith(`#reminder-instalment-due-${first}`))!;
    expect(onTheDay.subject).toMatch(new RegExp(`^Your instalment is due on ${inWords(first)}`));
    expect(JSON.stringify(onTheDay)).toContain(`The instalment of ${money(plan[0]!.amountCents)}`);
  });
});
