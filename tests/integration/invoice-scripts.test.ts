import { describe, expect, it } from "vitest";
import { boothTypes } from "~/pricing";
import { eventDate } from "../support/event-dates";
import { validBooking } from "../support/form-data";
import { pdfText } from "../support/pdf-text";
import { postJson } from "./forms-support";
import { workerForFile } from "./worker";

const worker = workerForFile({ vars: { RATE_LIMIT_MAX: "1000" } });

/** Books for `fullName` on its own date and booth, and returns the invoice PDF its ledger stored in R2 (it follows the answer). */
async function invoicePdfFor(fullName: string, day: number, extra: Record<string, string> = {}) {
  const booking = { ...validBooking, fullName, eventDate: eventDate("conformance", day), boothType: boothTypes[day % boothTypes.length]!, ...extra };
  const response = await postJson(worker, "/.netlify/functions/booking", booking);
  expect(response.status, await response.clone().text()).toBe(200);
  const { invoiceNumber, invoiceUrl } = (await response.json()) as { invoiceNumber: string; invoiceUrl: string };
  const r2 = await worker.r2();
  await expect.poll(async () => (await r2.head(`${invoiceNumber}.pdf`)) !== null, { timeout: 20_000 }).toBe(true);
  const bytes = new Uint8Array(await (await r2.get(`${invoiceNumber}.pdf`))!.arrayBuffer());
  return { bytes, text: pdfText(bytes), invoiceUrl };
}

describe("invoice PDFs in the scripts visitors type", () => {
  it.each([
    { script: "Vietnamese", name: "Nguyễn Thị Hằng", day: 1 },
    { script: "Latin with diacritics and a curly apostrophe", name: "Zoë Šimić-O’Brien", day: 2 },
    { script: "Greek", name: "Σοφία Παπαδοπούλου", day: 3 },
    { script: "Cyrillic", name: "Анна Иванова", day: 4 },
    { script: "Chinese", name: "王小明", day: 5 },
    { script: "Korean", name: "김민준", day: 6 },
    { script: "Japanese", name: "山田 はなこ", day: 7 },
  ])("a booking by $name ($script) is billed to the name exactly as typed", async ({ name, day }) => {
    const { bytes, text } = await invoicePdfFor(name, day);
    expect(text.split("\n")).toContain(name);
    expect(text).not.toContain("[*]");
    // Only the glyphs drawn are embedded, so even a CJK name keeps the PDF small.
    expect(bytes.length).toBeLessThan(120_000);
  });

  it("prints a name typed with combining accents in its composed form", async () => {
    const { text } = await invoicePdfFor("Nguye\u0302\u0303n Thi\u0323 Ha\u0306\u0300ng", 8);
    expect(text.split("\n")).toContain("Nguyễn Thị Hằng");
  });

  it("draws Chinese in the event location and notes beside Latin text", async () => {
    const { text } = await invoicePdfFor("Olivia Chen", 9, { eventLocation: "Box Hill 博士山 Town Hall", message: "请在晚上七点开始" });
    expect(text).toContain("Location: Box Hill 博士山 Town Hall");
    expect(text).toContain("请在晚上七点开始");
  });

  it("draws invoices for bookings that arrive at the same moment, each by its own ledger", async () => {
    const names = ["李华", "박서연", "Ελένη Κ.", "Đặng Văn Lâm"];
    const invoices = await Promise.all(names.map((name, index) => invoicePdfFor(name, 11 + index)));
    invoices.forEach(({ text }, index) => expect(text.split("\n")).toContain(names[index]));
  });

  it("marks a name in a script that needs shaping and says where it shows as typed, never a broken PDF", async () => {
    const name = "अनन्या Sharma";
    const { bytes, text, invoiceUrl } = await invoicePdfFor(name, 10);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    expect(text.split("\n")).toContain("[*] Sharma");
    expect(text).toContain("[*] Characters in a script this PDF cannot draw");
    const page = await worker.fetch(new URL(invoiceUrl).pathname + new URL(invoiceUrl).search);
    expect(await page.text()).toContain(name);
  });
});
