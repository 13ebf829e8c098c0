/**
 * The owner's page of a booking and the owner's home on a phone in a car park: a bank payment
 * recorded from the page (with and without JavaScript), the client's invoice showing it, a date
 * blocked from the home. axe checks every page state (fixtures.ts).
 */
import { devices, type Page } from "@playwright/test";
import { eventDate } from "../support/event-dates";
import { validBooking } from "../support/form-data";
import { homeToken, ownerLink } from "../support/links";
import { expect, test, visit } from "./fixtures";

const { defaultBrowserType: _browser, ...phone } = devices["Pixel 7"];
test.use({ ...phone });
test.describe.configure({ timeout: 60_000 });

/** As playwright.config.ts gives the site. */
const linkSecret = "e2e-owner-link-secret-for-tests-only-0123456789";

const scriptsOn = () => test.info().project.name === "js";

async function book(page: Page, day: number) {
  const response = await page.request.post("/.netlify/functions/booking", {
    data: { ...validBooking, fullName: "Nguyễn Thị Hương", eventDate: eventDate("ownerPage", scriptsOn() ? day : day + 1), boothType: "Glam Booth", packageDuration: "3 Hours" },
  });
  expect(response.status()).toBe(200);
  const url = new URL(((await response.json()) as { invoiceUrl: string }).invoiceUrl);
  return { path: url.pathname + url.search, invoiceNumber: url.pathname.split("/").at(-1)! };
}

const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("a bank payment recorded from the owner's page shows on the page and on the client's invoice", async ({ page }) => {
  const booked = await book(page, 20);
  await visit(page, await ownerLink(linkSecret, booked.invoiceNumber, "booking"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${booked.invoiceNumber}: Nguyễn Thị Hương`);
  expect(await fitsTheScreen(page)).toBeLessThanOrEqual(0);

  const form = page.getByRole("form", { name: "Record a bank payment" });
  // Prefilled with the deposit owing now; the owner only checks it against the statement.
  const amount = await form.getByLabel("Amount received (AUD)").inputValue();
  expect(amount).toMatch(/^\d+\.\d{2}$/);
  await form.getByLabel("Reference on the statement").fill(`${booked.invoiceNumber} deposit`);
  await form.getByRole("button", { name: "Record the payment and send a receipt" }).click();

  await expect(page.getByRole("status").filter({ hasText: /\S/ }).first()).toContainText(`Recorded $${amount} by bank on ${booked.invoiceNumber}; the client has been sent a receipt.`);
  await expect(page.getByRole("region", { name: "History" })).toContainText(`$${amount} paid by bank, reference "${booked.invoiceNumber} deposit" for the deposit`);
  await expect(page.getByRole("form", { name: new RegExp(`^Void the bank payment of \\$${amount.replace(".", "\\.")}`) })).toBeVisible();

  await visit(page, booked.path);
  await expect(page.getByRole("region", { name: "Payments" })).toContainText(`$${amount} AUD by bank transfer or PayID`);
});

test("a date blocked from the owner's home is booked out on the booking calendar", async ({ page }) => {
  const date = eventDate("ownerHome", scriptsOn() ? 20 : 21);
  await visit(page, `/owner?token=${await homeToken(linkSecret)}`);
  expect(await fitsTheScreen(page)).toBeLessThanOrEqual(0);
  const form = page.getByRole("form", { name: "Block a date" });
  await form.getByLabel("Date").fill(date);
  await form.getByLabel("What to block").selectOption({ label: "Enclosed Booth" });
  await form.getByLabel("Why (for you only)").fill("Private job booked by phone");
  await form.getByRole("button", { name: "Block it" }).click();
  await expect(page.getByRole("status").filter({ hasText: /\S/ }).first()).toContainText("Blocked Enclosed Booth on");
  await expect(page.getByRole("region", { name: "Blocked dates" })).toContainText(`${date}: Enclosed Booth (Private job booked by phone)`);

  const availability = (await (await page.request.get(`/api/availability?from=${date}&to=${date}`)).json()) as { dates: Record<string, Record<string, number>> };
  expect(availability.dates[date]?.["Enclosed Booth"]).toBe(0);
});
