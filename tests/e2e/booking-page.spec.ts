import { eventDate } from "../support/event-dates";
import { validBooking } from "../support/form-data";
import { pdfText } from "../support/pdf-text";
import { expect, test, visit } from "./fixtures";

// A booking, two forms posted and the page checked with axe after each, on a shared machine.
test.describe.configure({ timeout: 90_000 });

/** A small PNG: its eight-byte signature is what the site reads. */
const logo = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(256)]);

const clients = [
  { script: "Vietnamese", name: "Nguyễn Thị Hằng", day: 1, contact: "Trần Văn Bình" },
  { script: "Greek", name: "Σοφία Παπαδοπούλου", day: 2, contact: "Ελένη Γεωργίου" },
  { script: "Chinese", name: "王小明", day: 3, contact: "李华" },
];

for (const client of clients) {
  test(`a client writing in ${client.script} accepts the terms and gives the event's details with a logo from the booking page`, async ({ page }) => {
    // Its own day for each project (JavaScript on and off), so the two runs never share a date.
    const day = client.day + (test.info().project.name === "js" ? 0 : 10);
    const booking = await page.request.post("/.netlify/functions/booking", {
      data: { ...validBooking, fullName: client.name, eventDate: eventDate("bookingPage", day), boothType: "Open Booth", packageDuration: "3 Hours" },
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
