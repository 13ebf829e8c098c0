import type { Locator, Page } from "@playwright/test";
import { bookingPage } from "../../app/business";
import { formatDateInWords } from "~/utils/date-words";
import { addDays } from "~/utils/melbourne-time";
import { eventDate } from "../support/event-dates";
import { validBooking } from "../support/form-data";
import { pdfText } from "../support/pdf-text";
import { pngSize } from "../support/png";
import { phonePhotoFile } from "./phone-photo";
import { expect, test, visit } from "./fixtures";

// A booking, two forms posted and the page checked with axe after each, on a shared machine.
test.describe.configure({ timeout: 90_000 });

/** A small PNG: its eight-byte signature is what the site reads. */
const logo = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(256)]);

// Each script in one project: the script a name is written in matters to the server (the stored text, the PDF's
// fonts), not to the page's scripts, and the two projects between them run the page's forms both ways.
const clients = [
  { script: "Vietnamese", name: "Nguyễn Thị Hằng", day: 1, contact: "Trần Văn Bình", tag: "@js-only" },
  { script: "Greek", name: "Σοφία Παπαδοπούλου", day: 2, contact: "Ελένη Γεωργίου", tag: "@no-js-only" },
  { script: "Chinese", name: "王小明", day: 3, contact: "李华", tag: "@js-only" },
];

for (const client of clients) {
  test(`a client writing in ${client.script} accepts the terms and gives the event's details with a logo from the booking page`, { tag: client.tag }, async ({ page }) => {
    const booking = await page.request.post("/.netlify/functions/booking", {
      data: { ...validBooking, fullName: client.name, eventDate: eventDate("bookingPage", client.day), boothType: "Open Booth", packageDuration: "3 Hours" },
    });
    expect(booking.status()).toBe(200);
    const { invoiceUrl } = (await booking.json()) as { invoiceUrl: string };
    const bookingPath = new URL(invoiceUrl).pathname + new URL(invoiceUrl).search;

    await visit(page, bookingPath);
    await expect(page.getByText("Accept the terms to confirm your booking")).toBeVisible();
    // With JavaScript the forms answer in the page: a mark left on the window survives both posts.
    const scriptsOn = test.info().project.name === "js";
    if (scriptsOn) await page.evaluate(() => Object.assign(window, { stayed: true }));
    const terms = page.getByRole("region", { name: "Terms and Conditions" });
    await terms.getByText("Read the Terms and Conditions, with the figures for this booking").click();
    await expect(terms.getByText(/^Deposit: \$\d+\.\d\d, due by \w+day/)).toBeVisible();
    await terms.getByLabel("I have read and accept the Terms and Conditions").check();
    await terms.getByLabel("Your full name, as your signature").fill(client.name);
    await terms.getByRole("button", { name: "Accept the terms and confirm my booking" }).click();
    await expect(terms.getByText(`Terms accepted by ${client.name} on`)).toBeVisible();
    await expect(page.getByText(/^Deposit of \$\d+\.\d\d due by \w+day/)).toBeVisible();

    const event = page.getByRole("region", { name: "Your event" });
    await event.getByLabel("Start time").fill("18:30");
    await event.getByLabel("The venue's street address").fill("12 Station Place, Werribee VIC 3030");
    await event.getByLabel("Contact on the day: name").fill(client.contact);
    await event.getByLabel("Contact on the day: mobile").fill("0412 345 678");
    await event.getByLabel("Text on the prints: first line").fill(client.name);
    await event.getByLabel(/^Logo for the prints/).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
    await event.getByRole("button", { name: "Save the event's details" }).click();
    await expect(event.getByText("Finishing at 9:30 pm.")).toBeVisible();
    await expect(event.getByLabel("Contact on the day: name")).toHaveValue(client.contact);
    await expect(event.getByLabel("Text on the prints: first line")).toHaveValue(client.name);
    await expect(event.getByRole("link", { name: "Open the logo you gave us" })).toBeVisible();
    if (scriptsOn) expect(await page.evaluate(() => "stayed" in window)).toBe(true);

    const logoHref = await event.getByRole("link", { name: "Open the logo you gave us" }).getAttribute("href");
    const served = await page.request.get(logoHref!);
    expect(served.headers()["content-type"]).toBe("image/png");
    expect(Buffer.from(await served.body()).equals(logo)).toBe(true);

    const pdfHref = await page.getByRole("link", { name: "Download the PDF invoice" }).getAttribute("href");
    const text = pdfText(await (await page.request.get(pdfHref!)).body());
    expect(text).toContain(client.name);
    expect(text).toContain(`Terms accepted by ${client.name} on`);
  });
}

/** A booking of its own on `day` of the booking page's month, and its page's address. */
async function bookingPath(page: Page, day: number) {
  const booking = await page.request.post("/.netlify/functions/booking", {
    data: { ...validBooking, eventDate: eventDate("bookingPage", day), boothType: "Glam Booth", packageDuration: "3 Hours" },
  });
  expect(booking.status()).toBe(200);
  const { invoiceUrl } = (await booking.json()) as { invoiceUrl: string };
  return new URL(invoiceUrl).pathname + new URL(invoiceUrl).search;
}

async function fillDetails(event: Locator) {
  await event.getByLabel("Start time").fill("18:30");
  await event.getByLabel("The venue's street address").fill("12 Station Place, Werribee VIC 3030");
  await event.getByLabel("Contact on the day: name").fill("Ελένη Γεωργίου");
  await event.getByLabel("Contact on the day: mobile").fill("0412 345 678");
  await event.getByLabel("Text on the prints: first line").fill("Lan & Minh");
}

test("a phone photo as the logo is scaled down in the browser to fit, keeping its aspect, and saved", { tag: "@js-only" }, async ({ page }) => {
  await visit(page, await bookingPath(page, 4));
  await page.evaluate(() => Object.assign(window, { stayed: true }));
  const event = page.getByRole("region", { name: "Your event" });
  await fillDetails(event);
  await event.getByLabel(/^Logo for the prints/).setInputFiles(await phonePhotoFile());
  // Scaling 11 MB of noise down takes the browser seconds on a busy machine: the save's answer is what is waited for.
  const answered = page.waitForResponse((response) => response.request().method() === "POST");
  await event.getByRole("button", { name: "Save the event's details" }).click();
  await answered;
  await expect(event.getByRole("link", { name: "Open the logo you gave us" })).toBeVisible();
  await expect(event.getByLabel("Contact on the day: name")).toHaveValue("Ελένη Γεωργίου");
  expect(await page.evaluate(() => "stayed" in window)).toBe(true);

  const served = await page.request.get((await event.getByRole("link", { name: "Open the logo you gave us" }).getAttribute("href"))!);
  expect(served.headers()["content-type"]).toBe("image/png");
  const saved = Buffer.from(await served.body());
  expect(saved.length).toBeLessThanOrEqual(bookingPage.logoMaxBytes);
  const { width, height } = pngSize(saved);
  expect(width).toBeLessThan(2400);
  expect(width / height).toBeCloseTo(1.5, 2);
});

test("a phone photo as the logo without JavaScript is refused beside the field, twice, keeping what was typed, and the site goes on answering", { tag: "@no-js-only" }, async ({ page }) => {
  const path = await bookingPath(page, 5);
  await visit(page, path);
  const event = page.getByRole("region", { name: "Your event" });
  const logo = event.getByLabel(/^Logo for the prints/);
  await fillDetails(event);
  // Twice: a second such upload is the one that made `wrangler dev` exit when the Worker stopped reading the first.
  for (const attempt of [1, 2]) {
    await logo.setInputFiles(await phonePhotoFile(`photo-${attempt}.png`));
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await event.getByRole("button", { name: "Save the event's details" }).click();
    expect((await answer).status()).toBe(413);
    await expect(logo).toHaveAccessibleDescription("The logo must be 2 MB or smaller.");
    await expect(event.getByLabel("Start time")).toHaveValue("18:30");
    await expect(event.getByLabel("The venue's street address")).toHaveValue("12 Station Place, Werribee VIC 3030");
    await expect(event.getByLabel("Contact on the day: name")).toHaveValue("Ελένη Γεωργίου");
    await expect(event.getByLabel("Contact on the day: mobile")).toHaveValue("0412 345 678");
    await expect(event.getByLabel("Text on the prints: first line")).toHaveValue("Lan & Minh");
  }
  await visit(page, path);
  await expect(page.getByRole("link", { name: "Open the logo you gave us" })).toHaveCount(0);
  await expect(event.getByLabel("Start time")).toHaveValue("");
});

test("a client whose terms changed while the page was open is shown them again, and accepts them as they are now", async ({ page }) => {
  // Its own days for each project (JavaScript on and off), so the two runs never share a date.
  const scriptsOn = test.info().project.name === "js";
  const [day, newDate] = scriptsOn ? [6, eventDate("bookingPage", 24)] : [16, eventDate("bookingPage", 25)];
  const booking = await page.request.post("/.netlify/functions/booking", {
    data: { ...validBooking, fullName: "Lan Trần", eventDate: eventDate("bookingPage", day), boothType: "Open Booth", packageDuration: "3 Hours" },
  });
  expect(booking.status()).toBe(200);
  const { invoiceUrl } = (await booking.json()) as { invoiceUrl: string };
  const bookingPath = new URL(invoiceUrl).pathname + new URL(invoiceUrl).search;
  await visit(page, bookingPath);
  // With JavaScript the refusal is answered in the page: a mark left on the window survives it.
  if (scriptsOn) await page.evaluate(() => Object.assign(window, { stayed: true }));

  // Meanwhile the date is moved (another tab, say), which changes the figures in the terms.
  const moved = await page.request.post(bookingPath.replace("?", "/move?"), { form: { newDate } });
  expect(moved.ok()).toBe(true);

  const terms = page.getByRole("region", { name: "Terms and Conditions" });
  const box = terms.getByLabel("I have read and accept the Terms and Conditions");
  const accept = terms.getByRole("button", { name: "Accept the terms and confirm my booking" });
  await box.check();
  await terms.getByLabel("Your full name, as your signature").fill("Lan Trần");
  await accept.click();
  await expect(terms.getByText("The terms have changed since this page showed them.").first()).toBeVisible();
  await expect(box).not.toBeChecked();
  await terms.getByText("Read the Terms and Conditions, with the figures for this booking").click();
  await expect(terms.getByText(`Cancelling from ${formatDateInWords(addDays(newDate, -13))}`, { exact: false })).toBeVisible();

  await box.check();
  await accept.click();
  await expect(terms.getByText("Terms accepted by Lan Trần on")).toBeVisible();
  if (scriptsOn) expect(await page.evaluate(() => "stayed" in window)).toBe(true);
});
