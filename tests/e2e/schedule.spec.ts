/**
 * Time-driven work in the end-to-end run: the local server's test control runs the Cron handler as
 * of a chosen moment (scripts/serve.mjs, `POST /scheduled?at=`; never part of the deployed Worker).
 * A request with nothing paid and its date never kept gives the date up, and its client is told.
 * These run in the "time" project, after every other test (playwright.config.ts).
 */
import { eventDate } from "../support/event-dates";
import { sentMails } from "../support/fake-mailchannels";
import { validBooking } from "../support/form-data";
import { expect, test } from "./fixtures";

test("the Cron handler run eight days on lets an unpaid request go and e-mails its client", async ({ page }) => {
  const email = `lapse.${Date.now()}@example.com`;
  const booked = await page.request.post("/.netlify/functions/booking", {
    data: { ...validBooking, fullName: "Lưu Thị Hạnh", email, eventDate: eventDate("scheduleE2e", 1), boothType: "Open Booth" },
  });
  expect(booked.status()).toBe(200);

  const eightDaysOn = new Date(Date.now() + 8 * 86_400_000).toISOString();
  const run = await page.request.post(new URL(`/scheduled?at=${encodeURIComponent(eightDaysOn)}`, process.env.E2E_CONTROL_URL).href);
  expect(await run.json()).toEqual({ outcome: "ok" });

  await expect
    .poll(async () => (await sentMails(process.env.E2E_MAIL_URL!)).filter((mail) => mail.to === email).map((mail) => mail.subject), { timeout: 30_000 })
    .toContainEqual(expect.stringMatching(/has expired/));
});
