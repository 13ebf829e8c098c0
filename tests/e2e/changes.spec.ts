import { formatDateInWords } from "~/utils/date-words";
import { eventDate } from "../support/event-dates";
import { validBooking } from "../support/form-data";
import { expect, test, visit } from "./fixtures";

// A booking, a second page and a post, each checked with axe, on a shared machine.
test.describe.configure({ timeout: 90_000 });

/** Books the Glam Booth on `day` of the changes month and returns the booking page's address. */
async function book(page: import("@playwright/test").Page, day: number): Promise<string> {
  const response = await page.request.post("/.netlify/functions/booking", {
    data: { ...validBooking, fullName: "Ελένη Γεωργίου", eventDate: eventDate("changes", day), boothType: "Glam Booth", packageDuration: "3 Hours" },
  });
  expect(response.status()).toBe(200);
  const { invoiceUrl } = (await response.json()) as { invoiceUrl: string };
  return new URL(invoiceUrl).pathname + new URL(invoiceUrl).search;
}

// Its own days for each project (JavaScript on and off), so the two runs never share a date.
const offset = () => (test.info().project.name === "js" ? 0 : 1);

test("a client moves their booking to another free date from the booking page", async ({ page }) => {
  const bookingPath = await book(page, 20 + offset());
  const newDate = eventDate("changes", 22 + offset());
  await visit(page, bookingPath);
  await page.getByRole("region", { name: "Change of plans" }).getByRole("link", { name: "Change the date" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Change the date of booking/ })).toBeVisible();
  await expect(page.getByRole("table", { name: /Glam Booth/ })).toBeVisible();
  await page.getByLabel("New date").fill(newDate);
  await page.getByRole("button", { name: "Move my booking to this date" }).click();
  await expect(page).toHaveURL(/\/invoice\/PB-\d{8}-\d{3}\?key=[\w-]+#changes$/);
  await expect(page.getByRole("definition").filter({ hasText: formatDateInWords(newDate) })).toBeVisible();
});

test("a client sees what cancelling costs before deciding, then cancels", async ({ page }) => {
  const bookingPath = await book(page, 24 + offset());
  await visit(page, bookingPath);
  await page.getByRole("region", { name: "Change of plans" }).getByRole("link", { name: "Cancel the booking" }).click();
  await expect(page.getByText("Nothing has been paid, so the booking request is withdrawn free of charge and nothing is owed.")).toBeVisible();
  await page.getByRole("button", { name: "Cancel my booking" }).click();
  await expect(page).toHaveURL(/#changes$/);
  await expect(page.getByText("This booking is cancelled.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Change of plans" })).toContainText("withdrawn free of charge");
});
