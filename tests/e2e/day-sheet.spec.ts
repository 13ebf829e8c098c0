/**
 * The owner's day sheet as a browser prints it, and the client's booking page on a phone: nothing
 * floating over its buttons, one pay button, and the next step a tap away.
 */
import { devices, type Page } from "@playwright/test";
import { eventDate } from "../support/event-dates";
import { validBooking } from "../support/form-data";
import { daySheetAddresses } from "../support/links";
import { pdfText } from "../support/pdf-text";
import { expect, test, visit } from "./fixtures";

/** As playwright.config.ts gives the site. */
const daySecret = "e2e-owner-day-secret-for-tests-only-0123456789";

/** Books `boothType` on `date` through the booking endpoint; its page's address and the booking's number and key. */
async function book(page: Page, date: string, boothType: string) {
  const response = await page.request.post("/.netlify/functions/booking", { data: { ...validBooking, eventDate: date, boothType, packageDuration: "3 Hours" } });
  expect(response.status()).toBe(200);
  const url = new URL(((await response.json()) as { invoiceUrl: string }).invoiceUrl);
  return { path: url.pathname + url.search, invoiceNumber: url.pathname.split("/").at(-1)!, key: url.searchParams.get("key")! };
}

test("the day sheet prints on A4 with the venue, the numbers to call, the print text and the proof, and nothing of the site around it", { tag: "@js-only" }, async ({ page }) => {
  const date = eventDate("daySheet", 20);
  const booked = await book(page, date, "Open Booth");
  const details = { startTime: "18:30", venueAddress: "12 Station Place, Werribee VIC 3030", contactName: "Nguyễn Văn An", contactMobile: "0412 345 678", accessNotes: "Loading dock at the rear.", printLine1: "Lan & Minh", printLine2: "" };
  expect((await page.request.post(`/invoice/${booked.invoiceNumber}/details?key=${booked.key}`, { data: details })).status()).toBe(200);
  const sheet = new URL((await daySheetAddresses({ SITE_ORIGIN: "https://photobooths.test", OWNER_DAY_SECRET: daySecret }, [date])).get(date)!);
  const sheetPath = sheet.pathname + sheet.search;

  // The index has the details once the booking's ledger has handed them on.
  await expect(async () => {
    await visit(page, sheetPath);
    await expect(page.getByText("Lan & Minh")).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(`Arrive 5:30 pm: Open Booth, 3 Hours (${booked.invoiceNumber}, not confirmed yet)`);
  await expect(page.getByRole("link", { name: "12 Station Place, Werribee VIC 3030" })).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
  await expect(page.getByRole("link", { name: "0412 345 678" })).toHaveAttribute("href", "tel:0412345678");
  await expect(page.getByRole("link", { name: "Book Now" })).toHaveCount(0);

  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("banner")).toBeHidden();
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  // A4 is 595 by 842 points.
  expect(pdf.toString("latin1")).toMatch(/\/MediaBox \[0 0 59[45](\.\d+)? 84[12](\.\d+)?\]/);
  const text = pdfText(pdf);
  for (const expected of ["12 Station Place, Werribee VIC 3030", "Nguyễn Văn An, 0412 345 678", `Jane Citizen, ${validBooking.phoneNumber}`, "Lan & Minh", "No proof yet", "Loading dock at the rear."]) expect(text).toContain(expected);
  for (const absent of ["Book Now", "PHOTOBOOTHS", "Skip to content"]) expect(text).not.toContain(absent);
});

test.describe("the booking page on a phone", () => {
  const { defaultBrowserType: _browser, ...phone } = devices["Pixel 7"];
  test.use({ ...phone });

  test("has no floating Book Now button, one pay button, and its next step links to the terms", async ({ page }) => {
    const day = test.info().project.name === "js" ? 21 : 22;
    const booked = await book(page, eventDate("daySheet", day), "Glam Booth");
    await visit(page, booked.path);
    await expect(page.getByRole("link", { name: "Book Now" })).toHaveCount(0);
    const payButtons = page.getByRole("button", { name: /^Pay\b/ }).or(page.getByRole("link", { name: /^Pay\b/ }));
    await expect(payButtons).toHaveCount(1);
    await expect(payButtons).toHaveText(/^Pay \$\d+\.\d\d now$/);

    await page.getByRole("link", { name: "Accept the terms to confirm your booking" }).tap();
    await expect(page).toHaveURL(/#terms$/);
    await expect(page.getByRole("heading", { name: "Terms and Conditions" })).toBeInViewport();
  });
});
