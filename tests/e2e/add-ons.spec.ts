import { formatCents } from "../../app/bookings/record/amounts";
import { addOnField } from "../../app/input/fields";
import { priceSheet, sheetSold, withRule } from "../../app/prices/price-sheet";
import { eventDate } from "../support/event-dates";
import { pdfText } from "../support/pdf-text";
import { expect, test, visit } from "./fixtures";
import { bookingForm, fillBooking } from "./form-filling";

test.describe.configure({ timeout: 60_000 });

test("a booking with add-ons shows its price line by line as they are chosen, and the invoice and its PDF list every line", async ({ page }) => {
  const scriptsOn = test.info().project.use.javaScriptEnabled !== false;
  // Melbourne Cup day with scripts, a Thursday without: both projects share one server and the add-ons' stock.
  const date = scriptsOn ? eventDate("priceRules", 6) : eventDate("priceRules", 22);
  // The rules of docs/product-decisions.md; the unit tests hold the server's rule of every date to them.
  const rule = scriptsOn ? { label: "Public holiday (Melbourne Cup) +20%", percent: 20 } : { label: "Weekday (Monday to Thursday) -10%", percent: -10 };
  const choice = { boothType: "Glam Booth", packageDuration: "3 Hours", eventDate: date, extraHours: 1, addOns: ["audio-guest-book"], backdrop: "Floral" };
  const lines = withRule(sheetSold(priceSheet(addOnField), choice), rule);
  const expected = { lines, totalCents: lines.reduce((sum, line) => sum + line.cents, 0) };

  await visit(page, "/booking");
  const form = bookingForm(page);
  await fillBooking(form, { date });
  const summary = form.getByRole("region", { name: "Your price" });
  await form.getByRole("checkbox", { name: /^Audio guest book/ }).check();
  await form.getByRole("radio", { name: "1 extra hour" }).check();
  await form.getByRole("radio", { name: /^Floral/ }).check();
  if (scriptsOn) {
    await expect(summary.getByRole("listitem").filter({ visible: true })).toHaveText(expected.lines.map((line) => `${line.label}${formatCents(line.cents)}`));
    await expect(summary).toContainText(`Total (GST included): ${formatCents(expected.totalCents)}`);
  }
  await form.getByRole("button", { name: "Submit booking" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Tax invoice PB-\d{8}-\d{3}$/);
  const amounts = page.getByRole("table", { name: "Charges and payments" });
  for (const line of expected.lines.filter((line) => line.kind !== "booth")) {
    await expect(amounts.getByRole("row", { name: line.label, exact: false })).toContainText(formatCents(line.cents));
  }
  // The total the form showed is the one the server charges.
  await expect(amounts.getByRole("row", { name: /^Total \(AUD\)/ })).toContainText(formatCents(expected.totalCents));

  const pdf = pdfText(await (await page.request.get((await page.getByRole("link", { name: "Download the PDF invoice" }).getAttribute("href"))!)).body());
  for (const line of expected.lines.filter((line) => line.kind !== "booth")) expect(pdf.replace(/\s+/g, " ")).toContain(`${line.label} ${formatCents(line.cents)}`);
});

test("an add-on already booked on the date is refused by name and a code we do not know beside its field, with every choice kept", async ({ page }) => {
  const scriptsOn = test.info().project.use.javaScriptEnabled !== false;
  const date = eventDate("priceRules", scriptsOn ? 10 : 11);
  // Another client already has the only audio guest book that day.
  const other = await page.request.post("/.netlify/functions/booking", {
    data: { fullName: "Ngô Thị Lan", email: "lan@example.com", phoneNumber: "0491 570 111", eventDate: date, eventLocation: "Werribee 3030", boothType: "Open Booth", packageDuration: "2 Hours", [addOnField("audio-guest-book")]: true },
  });
  expect(other.status()).toBe(200);

  await visit(page, "/booking");
  const form = bookingForm(page);
  await fillBooking(form, { date });
  const audio = form.getByRole("checkbox", { name: /^Audio guest book/ });
  const code = form.getByRole("textbox", { name: /^Promo code/ });
  const submit = form.getByRole("button", { name: "Submit booking" });
  if (scriptsOn) {
    // The form learns the date's stock as the date is typed, and greys out what is gone before it is chosen.
    await expect(audio).toBeDisabled();
    await expect(audio).toHaveAccessibleDescription(/None left on your date\./);
  } else {
    // Without scripts the form cannot know: the server refuses it and names it, the rest kept.
    await audio.check();
    await submit.click();
    await expect(page.getByText(/The audio guest book is already booked on/i).first()).toBeVisible();
    await expect(audio).toBeChecked();
    await expect(form.getByLabel("Full name")).toHaveValue("Jane Citizen");
    await audio.uncheck();
  }
  await form.getByRole("radio", { name: /^Graduation/ }).check();
  await code.fill("nosuchcode");
  await submit.click();
  await expect(code).toHaveAccessibleDescription(/That code is not one we know/);
  await expect(code).toHaveValue(/nosuchcode/i);
  await expect(form.getByRole("radio", { name: /^Graduation/ })).toBeChecked();
  await expect(form.getByLabel("Event date")).toHaveValue(date);
});
