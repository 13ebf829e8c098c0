import { formatCents } from "~/bookings/record/amounts";
import { eventDate } from "../support/event-dates";
import { validBooking } from "../support/form-data";
import { expect, test, visit } from "./fixtures";

/** Fridays to Sundays late in the area's month (its integration tests book the early ones), one per project. */
const lateWeekendDays = Array.from({ length: 14 }, (_, i) => eventDate("addOnChanges", i + 15)).filter((date) => [0, 5, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay()));

test("a client adds a USB of every photo on the booking page and sees the new total", async ({ page }) => {
  const scriptsOn = test.info().project.name === "js";
  const booking = await page.request.post("/.netlify/functions/booking", {
    data: { ...validBooking, eventDate: lateWeekendDays[scriptsOn ? 0 : 1], boothType: "Enclosed Booth", packageDuration: "3 Hours" },
  });
  expect(booking.status()).toBe(200);
  const { invoiceUrl } = (await booking.json()) as { invoiceUrl: string };
  const url = new URL(invoiceUrl);
  await visit(page, url.pathname + url.search);

  const amounts = page.getByRole("table", { name: "Charges and payments" });
  const total = amounts.getByRole("row", { name: /^Total \(AUD\)/ });
  const before = Number((await total.textContent())!.replace(/[^\d]/g, ""));
  // With JavaScript the form answers in the page: a mark left on the window survives the post.
  if (scriptsOn) await page.evaluate(() => Object.assign(window, { stayed: true }));
  const addOns = page.getByRole("region", { name: "Your add-ons" });
  await expect(addOns).toContainText("Your booking has: none.");
  await addOns.getByLabel(/^USB of every photo/).check();
  await addOns.getByRole("button", { name: "Change my add-ons" }).click();

  await expect(addOns).toContainText("Your booking has: USB of every photo.");
  // The tax invoice stays as issued; the add-on is on a supplementary tax invoice, and what is billed now says so.
  await expect(total).toContainText(formatCents(before));
  await expect(amounts.getByRole("row", { name: /^Supplementary tax invoice PB-\d{8}-\d{3}-A1/ })).toContainText(formatCents(3_900));
  await expect(amounts.getByRole("row", { name: /^Billed now/ })).toContainText(formatCents(before + 3_900));
  await expect(addOns.getByLabel(/^USB of every photo/)).toBeChecked();
  if (scriptsOn) expect(await page.evaluate(() => "stayed" in window)).toBe(true);
});
