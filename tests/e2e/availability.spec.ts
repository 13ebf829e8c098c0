import type { APIRequestContext, Page } from "@playwright/test";
import { formatDateInWords } from "../../app/utils/date-words";
import { eventDate } from "../support/event-dates";
import { sentMails } from "../support/fake-mailchannels";
import { validBooking } from "../support/form-data";
import { expect, test, visit } from "./fixtures";

test.describe.configure({ timeout: 60_000 });

/** A day of the availability area's month for this project (JavaScript on and off share one server). */
function day(n: number): string {
  return eventDate("availability", test.info().project.name === "js" ? n : n + 1);
}

async function bookByApi(request: APIRequestContext, booking: { eventDate: string; boothType: string }): Promise<string> {
  const response = await request.post("/.netlify/functions/booking", { data: { ...validBooking, ...booking } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { invoiceNumber: string }).invoiceNumber;
}

/** The owner's page of the booking, linked from the owner's new-booking e-mail once the queue has sent it to the fake MailChannels. */
async function ownerPagePath(invoiceNumber: string): Promise<string> {
  const link = new RegExp(`Your page of booking ${invoiceNumber}: (\\S+)`);
  let url: string | undefined;
  await expect
    .poll(async () => {
      const mails = await sentMails(process.env.E2E_MAIL_URL!);
      url = mails.map((mail) => mail.text.match(link)?.[1]).find(Boolean);
      return url;
    }, { message: `the owner's e-mail about ${invoiceNumber}`, timeout: 20_000 })
    .toBeDefined();
  return new URL(url!).pathname + new URL(url!).search;
}

function bookingForm(page: Page) {
  return page.getByRole("form", { name: "Your booking" });
}

test("the calendar shows a date booked earlier as booked out, and a free day picked in it books", async ({ page }) => {
  const booked = day(10);
  // A Saturday and a Sunday (one per project): a day with no price rule, whose link names no rule.
  const free = day(18);
  await bookByApi(page.request, { eventDate: booked, boothType: "Enclosed Booth" });

  await visit(page, `/booking?month=${booked.slice(0, 7)}&booth=enclosed-booth`);
  const calendar = page.getByRole("table", { name: /Enclosed Booth/ });
  await expect(calendar.getByText(`${formatDateInWords(booked)}: booked out`)).toBeAttached();
  await expect(calendar.getByRole("button", { name: new RegExp(formatDateInWords(booked)) })).toHaveCount(0);

  // The day is a button of the booking form: without scripts it brings the form back with the date filled, booking nothing.
  await calendar.getByRole("button", { name: `${formatDateInWords(free)}: free (Enclosed Booth). Choose this date` }).click();
  const form = bookingForm(page);
  await expect(form.getByLabel("Event date")).toHaveValue(free);
  await expect(form.getByLabel("Booth type")).toHaveValue("Enclosed Booth");
  await form.getByLabel("Full name").fill("Calendar Client");
  await form.getByLabel("Email").fill("calendar@example.com");
  await form.getByLabel("Phone number").fill("0491 570 110");
  await form.getByLabel("Event location").fill("Werribee Park");
  await form.getByLabel("Package duration").selectOption("2 Hours");
  await form.getByRole("button", { name: "Submit booking" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Tax invoice PB-\d{8}-\d{3}$/);
});

test("the owner's page linked from the new-booking e-mail confirms the booking", async ({ page }) => {
  const invoiceNumber = await bookByApi(page.request, { eventDate: day(14), boothType: "Glam Booth" });
  await visit(page, await ownerPagePath(invoiceNumber));
  await expect(page.getByText("requested", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Confirm the booking" }).click();
  await expect(page.getByRole("status").filter({ hasText: invoiceNumber })).toHaveText(
    `Booking ${invoiceNumber} is now confirmed. The client has been e-mailed.`,
  );
});

test("Check your date on the home page lists the booths still free that day", async ({ page }) => {
  const date = day(16);
  await bookByApi(page.request, { eventDate: date, boothType: "Open Booth" });
  await visit(page, "/");
  const box = page.getByRole("region", { name: "Check your date" });
  await box.getByLabel("Event date").fill(date);
  await box.getByRole("button", { name: "Check" }).click();
  await expect(box.getByText(`On ${formatDateInWords(date)} the Glam Booth and Enclosed Booth are free.`)).toBeVisible();
  await expect(box.getByRole("link", { name: `Book ${formatDateInWords(date)}` })).toBeVisible();
});
