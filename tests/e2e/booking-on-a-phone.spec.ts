/**
 * Booking on a phone (docs/product-decisions.md, "Booking on a phone"; issue 51), with JavaScript
 * and without: the date chosen from the calendar at the date field, what is free that day and its
 * prices, the compact total kept in view, and the page the booking lands on leading with the pay
 * button. Each project books its own Saturday (the first free one for a Glam Booth, one and two
 * months on), so the two never race for a booth. Then the client's move page on a phone: the same
 * calendar for their booth, each day with its price difference, a day chosen (with the dates its
 * deposit and balance would fall due) and the booking moved.
 */
import { devices, type Locator, type Page } from "@playwright/test";
import { paymentTerms } from "../../app/business";
import { formatDateInWords } from "../../app/utils/date-words";
import { addDays } from "../../app/utils/melbourne-time";
import { eventDate } from "../support/event-dates";
import { validBooking } from "../support/form-data";
import { expect, expectNoAxeViolations, test, visit } from "./fixtures";
import { bookingForm } from "./form-filling";

const { defaultBrowserType: _browser, ...phone } = devices["Pixel 7"];
test.use({ ...phone });
test.describe.configure({ timeout: 90_000 });

/** "January 2027" for "2027-01", as the calendar's table names its month. */
const monthInWords = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-AU", { month: "long", year: "numeric", timeZone: "UTC" });

const scriptsOn = () => test.info().project.use.javaScriptEnabled !== false;

/** The bottom of an element in screens from the top of the viewport (read as the browser lays it out, scripts or not). */
async function screensDown(page: Page, locator: Locator): Promise<number> {
  const box = (await locator.boundingBox())!;
  return (box.y + box.height) / page.viewportSize()!.height;
}

/** Submit is still below the top of the screen: the visitor has not scrolled past it. */
async function notPast(submit: Locator) {
  expect((await submit.boundingBox())!.y).toBeGreaterThan(0);
}

test("a phone books the first free Saturday for a Glam Booth from the calendar at the date field, sees the invoice's total before Submit and lands on the pay button", async ({ page }) => {
  await visit(page, "/booking");
  const form = bookingForm(page);
  const calendar = form.getByRole("region", { name: "Free dates" });
  // The calendar is within the first two screens, and comes before Submit.
  expect(await screensDown(page, calendar.getByRole("table"))).toBeLessThan(2);
  const submit = form.getByRole("button", { name: "Submit booking" });

  await calendar.getByRole("link", { name: "Glam Booth" }).click();
  await expect(calendar.getByRole("table")).toHaveAccessibleName(/: Glam Booth$/);
  // Its own month: one month on with scripts, two without (a month link carries no more than the date, booth and hours).
  // Each step waits for the month it asked for: the month before has free Saturdays of its own on
  // most days of the year, and a day read from it would not be the day chosen from the next.
  for (let step = 0; step < (scriptsOn() ? 1 : 2); step += 1) {
    const next = calendar.getByRole("navigation", { name: "Calendar months" }).getByRole("link").last();
    const asked = new URL(await next.evaluate((link: HTMLAnchorElement) => link.href)).searchParams;
    expect(asked.toString()).toMatch(/^month=\d{4}-\d{2}&booth=glam-booth$/);
    await next.click();
    await expect(calendar.getByRole("table")).toHaveAccessibleName(`${monthInWords(asked.get("month")!)}: Glam Booth`);
  }
  // Saturdays are the sixth column; the first with a free day's button.
  const saturday = calendar.locator("tbody tr td:nth-child(6)").getByRole("button").first();
  const label = (await saturday.getAttribute("aria-label"))!;
  expect(label).toMatch(/^Saturday .*: free \(Glam Booth\)/);
  await saturday.click();
  await notPast(submit);
  const dateField = form.getByLabel("Event date");
  await expect(dateField).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  const date = await dateField.inputValue();
  expect(label.startsWith(formatDateInWords(date))).toBe(true);

  // What is free that day, priced for it: the Glam Booth free, 3 hours at the table's price (a Saturday has no rule unless a holiday).
  const day = form.getByRole("region", { name: `On ${formatDateInWords(date)}` });
  await expect(day.getByRole("row", { name: /^Glam Booth free/ })).toBeVisible();
  await expect(form.getByLabel("Booth type")).toHaveValue("Glam Booth");
  await notPast(submit);

  await form.getByLabel("Package duration").selectOption("3 Hours");
  await form.getByRole("checkbox", { name: /^USB of every photo/ }).check();
  await form.getByLabel("Full name").fill("Mai Phone");
  await form.getByLabel("Email").fill("mai.phone@example.com");
  await form.getByLabel("Phone number").fill("0491 570 112");
  await form.getByLabel("Event location").fill("Deakin Waterfront, Geelong");
  const summary = form.getByRole("region", { name: "Your price" });
  const compact = form.locator(".price-compact");

  if (scriptsOn()) {
    // The compact total hides while a text field has focus (the keyboard needs the room), and comes back after.
    await expect(form.getByLabel("Event location")).toBeFocused();
    await expect(compact).toBeHidden();
    await form.getByLabel("Package duration").focus();
    await expect(compact).toBeVisible();
    await expect(form.getByText("Geelong 3220 is 46 km from Tarneit: travel $12")).toBeVisible();
  } else {
    // Without scripts the form is priced on the server: everything typed is kept.
    await form.getByRole("button", { name: "Show my price" }).click();
    await expect(form.getByLabel("Full name")).toHaveValue("Mai Phone");
    await expect(form.getByLabel("Event date")).toHaveValue(date);
    await expect(form.getByRole("checkbox", { name: /^USB of every photo/ })).toBeChecked();
  }
  await expect(summary.getByRole("listitem").filter({ hasText: "Travel" })).toContainText("$12.00");
  const total = (await summary.locator("[data-price-total]").textContent())!;
  expect(total).toMatch(/^\$\d/);
  await expect(compact).toContainText(total);

  await submit.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Tax invoice PB-\d{8}-\d{3}$/);
  const amounts = page.getByRole("table", { name: "Charges and payments" });
  // The total shown before Submit is the invoice's.
  await expect(amounts.getByRole("row", { name: /^Total \(AUD\)/ })).toContainText(total);
  // The pay button is on the first screen.
  const pay = page.getByRole("button", { name: /^Pay \$[\d,.]+ now$/ });
  await expect(pay).toBeVisible();
  expect(await screensDown(page, pay)).toBeLessThanOrEqual(1);
});

test("a phone moves a booking from the calendar at the new date's field, each free day with its price difference, the months links of the key and month only", async ({ page }) => {
  // Each project its own Glam Booth and days: booked on the 15th, moved to the 16th (scripts on), the 17th to the 18th (off).
  const [own, target] = scriptsOn() ? [15, 16] : [17, 18];
  const booked = await page.request.post("/.netlify/functions/booking", {
    data: { ...validBooking, fullName: "Mai Move", eventDate: eventDate("bookingOnAPhone", own), boothType: "Glam Booth", packageDuration: "3 Hours" },
  });
  expect(booked.status()).toBe(200);
  const invoice = new URL(((await booked.json()) as { invoiceUrl: string }).invoiceUrl);
  const key = invoice.searchParams.get("key")!;
  const movePath = `${invoice.pathname}/move`;
  const newDate = eventDate("bookingOnAPhone", target);

  await visit(page, `${movePath}?key=${key}`);
  const calendar = page.getByRole("region", { name: "Free dates" });
  // The booking's own month, its booth; the calendar within the first two screens.
  const monthName = new Intl.DateTimeFormat("en-AU", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${newDate}T00:00:00Z`));
  await expect(calendar.getByRole("table")).toHaveAccessibleName(`${monthName}: Glam Booth`);
  expect(await screensDown(page, calendar.getByRole("table"))).toBeLessThan(2);
  // The booking's own date cannot be chosen.
  await expect(calendar.getByRole("button", { name: new RegExp(`^${formatDateInWords(eventDate("bookingOnAPhone", own))}`) })).toHaveCount(0);

  // A month on and back: links of the key and the month, nothing else.
  const months = calendar.getByRole("navigation", { name: "Calendar months" });
  const next = months.getByRole("link").last();
  expect([...new URL(await next.evaluate((link: HTMLAnchorElement) => link.href)).searchParams.keys()]).toEqual(["key", "month"]);
  await next.click();
  await expect(calendar.getByRole("table")).not.toHaveAccessibleName(`${monthName}: Glam Booth`);
  await months.getByRole("link").first().click();
  await expect(calendar.getByRole("table")).toHaveAccessibleName(`${monthName}: Glam Booth`);

  // The day, with its price difference: a move keeps the price.
  const day = calendar.getByRole("button", { name: new RegExp(`^${formatDateInWords(newDate)}: free \\(Glam Booth\\), price difference \\+\\$0\\.00, your total \\$[\\d,.]+\\. Choose this date$`) });
  await day.click();
  const dateField = page.getByLabel("New date");
  await expect(dateField).toHaveValue(newDate);
  await expect(page.getByText(new RegExp(`^Moving to ${formatDateInWords(newDate)}: price difference \\+\\$0\\.00, your total \\$`))).toBeVisible();
  // The due dates follow the new date: the balance 14 days before it.
  await expect(page.getByText(/^On that date: Deposit, due by /)).toContainText(`Balance, due by ${formatDateInWords(addDays(newDate, -paymentTerms.balanceDueDaysBeforeEvent))}, $`);
  // With scripts the day fills the field in place; without, the page comes back with it (and its key, month and day).
  if (scriptsOn()) expect(new URL(page.url()).searchParams.has("date")).toBe(false);
  else expect(new URL(page.url()).searchParams.get("date")).toBe(newDate);
  // The page with the calendar open and a day chosen passes axe.
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Move my booking to this date" }).click();
  await expect(page).toHaveURL(/\/invoice\/PB-\d{8}-\d{3}\?key=[\w-]+#changes$/);
  await expect(page.getByRole("definition").filter({ hasText: formatDateInWords(newDate) })).toBeVisible();
});

test("the quote form says a booth booked out on the date typed, and will not send it @js-only", async ({ page }) => {
  const date = eventDate("bookingOnAPhone", 19);
  const booked = await page.request.post("/.netlify/functions/booking", { data: { ...validBooking, fullName: "Mai Quote", eventDate: date, boothType: "Enclosed Booth" } });
  expect(booked.status()).toBe(200);
  await visit(page, "/quickquote");
  const form = page.locator("form", { has: page.getByRole("button", { name: "Get my quote" }) });
  // The booth first, then the date: the quote form's booth field is `service`.
  await form.getByLabel("Service").selectOption("Enclosed Booth");
  const dateField = form.getByLabel("Event date");
  await dateField.fill(date);
  await expect(form.getByText(`The Enclosed Booth is already booked on ${formatDateInWords(date)}`, { exact: false })).toBeVisible();
  expect(await dateField.evaluate((input: HTMLInputElement) => input.validity.customError)).toBe(true);
});
