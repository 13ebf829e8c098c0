/**
 * Autopay from the client's booking page to the last instalment (issue 58, "Done when"), with
 * JavaScript and without: a Glam Booth booked five months out with "the deposit now, then monthly";
 * the client reads the agreement, pays the deposit by card and has the instalments charged to it by
 * themselves (the fake Stripe's Checkout completed as the client would, its events signed and
 * delivered as Stripe's webhook); then the Cron handler is run as of 06:00 on each instalment's date
 * (the server's test control), and the autopay queue's consumer of the local server charges it. The
 * page shows each instalment paid, the last on the balance's due date (14 days before the event),
 * and the booking paid in full then, without a click.
 *
 * Runs in the "time" projects (playwright.config.ts): the Cron run as of another day acts on every
 * booking on the server. Dates: every month of tests/support/event-dates.ts is taken and they are
 * two years out and more, so this books five months from today, on the 10th with JavaScript and
 * the 11th without (no other end-to-end test books within two years), so the two never share a date
 * or an instalment's day.
 */
import { formatDateInWords } from "../../app/utils/date-words";
import { addDays, melbourneInstant, melbourneToday } from "../../app/utils/melbourne-time";
import { signedPendingEvent } from "../support/fake-stripe";
import type { PendingEvent } from "../support/fake-stripe/objects";
import { validBooking } from "../support/form-data";
import { expect, test, visit } from "./fixtures";

test.describe.configure({ timeout: 240_000 });

const scriptsOn = () => test.info().project.use.javaScriptEnabled !== false;

/** `day` of the month `months` after `date`'s (the month's last day where shorter). */
function onDay(date: string, months: number, day: number): string {
  const [year, month] = date.split("-").map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return `${first.getUTCFullYear()}-${String(first.getUTCMonth() + 1).padStart(2, "0")}-${String(Math.min(day, last)).padStart(2, "0")}`;
}

/**
 * The plan's dates by the terms (docs/product-decisions.md, "Payment plans and autopay"): the
 * balance due date (14 days before the event) and the same day of each month before it, from the
 * first at least 30 days after booking.
 */
function instalmentDates(bookedOn: string, eventDate: string): string[] {
  const balanceDue = addDays(eventDate, -14);
  const day = Number(balanceDue.slice(8));
  const dates: string[] = [];
  for (let back = 0; onDay(balanceDue, -back, day) >= addDays(bookedOn, 30); back++) dates.unshift(onDay(balanceDue, -back, day));
  return dates;
}

test("a Glam Booth five months out, with the deposit now, then monthly, by autopay: each instalment charged on its date, paid in full 14 days before the event without a click", async ({ page }) => {
  const today = melbourneToday();
  const date = onDay(today, 5, scriptsOn() ? 10 : 11);
  const dates = instalmentDates(today, date);
  const booked = await page.request.post("/.netlify/functions/booking", {
    data: { ...validBooking, fullName: scriptsOn() ? "Phạm Quốc Bảo" : "Αικατερίνη Νικολάου", email: `autopay-e2e-${scriptsOn() ? "js" : "nojs"}@example.com`, eventDate: date, boothType: "Glam Booth", packageDuration: "4 Hours", paymentOption: "monthly" },
  });
  expect(booked.status()).toBe(200);
  const { invoiceUrl } = (await booked.json()) as { invoiceUrl: string };
  const invoicePath = new URL(invoiceUrl).pathname + new URL(invoiceUrl).search;

  await visit(page, invoicePath);
  const plan = page.getByRole("region", { name: "How you pay" });
  const instalments = plan.getByRole("table", { name: "Your monthly instalments" });
  await expect(instalments.getByRole("row")).toHaveCount(dates.length + 1);
  for (const [index, dueOn] of dates.entries()) await expect(instalments.getByRole("row").nth(index + 1)).toContainText(formatDateInWords(dueOn));

  // The agreement's words before Stripe: each instalment's date, what it is charged to, the notice, how to stop it.
  const byCard = plan.getByRole("form", { name: "Autopay by card" });
  for (const dueOn of dates) await expect(byCard).toContainText(`on ${formatDateInWords(dueOn)}`);
  await expect(byCard).toContainText("charge each instalment below to it on its date");
  await expect(byCard).toContainText("Three days before each charge we e-mail you");
  await expect(byCard).toContainText('press "Turn autopay off" on your booking page');

  // Stripe's hosted checkout is another site: the stand-in for other sites answers it (third-parties.ts).
  await byCard.getByRole("button", { name: /^Pay the deposit \(\$[\d,]+\.\d{2}\) by card and have the instalments charged to it by themselves$/ }).click();
  await expect(page).toHaveURL(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_\w+$/);
  const sessionId = new URL(page.url()).pathname.split("/").at(-1)!;

  // The client pays with Stripe's test Visa on the fake's page; Stripe's events come by the signed webhook.
  const completed = await page.request.post(new URL(`/_test/checkout/sessions/${sessionId}/complete`, process.env.E2E_STRIPE_URL).href, { form: { payment_method: "pm_card_visa" } });
  expect(completed.status()).toBe(200);
  const { events } = (await completed.json()) as { events: PendingEvent[] };
  expect(events.map((event) => event.type)).toContain("checkout.session.completed");
  for (const event of events) {
    const { body, signature } = signedPendingEvent(event);
    const webhook = await page.request.post("/webhooks/stripe", { headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, data: body });
    expect(webhook.status()).toBe(200);
  }

  // The webhook's 200 means the ledger has the payment; the page reads the copy the ledger writes just after.
  const payments = page.getByRole("region", { name: "Payments" });
  await expect(async () => {
    await visit(page, `${invoicePath}&checkout=success`);
    await expect(payments).toContainText("Deposit paid", { timeout: 1_000 });
  }).toPass();
  await expect(plan).toContainText("Autopay is on");
  await expect(plan).toContainText("Visa card ending 4242");

  // Each instalment's date: the Cron handler run as of that morning queues its charge, and the queue's consumer makes it.
  for (const [index, dueOn] of dates.entries()) {
    const run = await page.request.post(new URL(`/scheduled?at=${encodeURIComponent(melbourneInstant(dueOn, "06:00").toISOString())}`, process.env.E2E_CONTROL_URL).href);
    expect(await run.json()).toEqual({ outcome: "ok" });
    const row = instalments.getByRole("row").nth(index + 1);
    await expect(async () => {
      await page.goto(invoicePath);
      await expect(row).toContainText("Paid", { timeout: 1_000 });
    }).toPass({ timeout: 60_000 });
    await expect(row).toContainText(formatDateInWords(dueOn));
  }

  // The last one on the balance's due date, 14 days before the event: paid in full, nothing owing, no click made.
  expect(dates.at(-1)).toBe(addDays(date, -14));
  await visit(page, invoicePath);
  await expect(payments).toContainText("Paid in full");
  await expect(payments).toContainText(/Still owing\s*\$0\.00/);
  await expect(instalments.getByRole("row").filter({ hasText: "Not yet" })).toHaveCount(0);
});
