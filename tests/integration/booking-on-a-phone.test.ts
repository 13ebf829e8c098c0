/**
 * The booking and quote forms' `intent=price` (docs/product-decisions.md, "Booking on a phone"):
 * a calendar day pressed, or "Show my price", without JavaScript brings the form back with the
 * day's date, everything typed, that day's booths and prices and travel, and books nothing; a
 * booth or date booked out cannot be chosen there, and posted by hand it is still refused (409).
 */
import { describe, expect, it } from "vitest";
import { formatDateInWords } from "../../app/utils/date-words";
import { eventDate } from "../support/event-dates";
import { validBooking, validQuote } from "../support/form-data";
import { newKeys, postForm, postJson } from "./forms-support";
import { workerForFile } from "./worker";

const worker = workerForFile({ vars: { RATE_LIMIT_MAX: "1000" } });

/** The `nth` Saturday (1 or 2) of the area's month: the table's prices, no rule (no Victorian holiday falls on a Saturday in June). */
function saturday(nth: number): string {
  const first = Array.from({ length: 7 }, (_, index) => eventDate("bookingOnAPhone", index + 1)).find((date) => new Date(`${date}T00:00:00Z`).getUTCDay() === 6)!;
  return eventDate("bookingOnAPhone", Number(first.slice(8)) + 7 * (nth - 1));
}

const typed = {
  fullName: "Mai <Phone>",
  email: "mai.phone@example.com",
  phoneNumber: "0491 570 112",
  eventLocation: "Deakin Waterfront, Geelong",
  boothType: "Glam Booth",
  packageDuration: "3 Hours",
  "addOn-usb": "on",
  extraHours: "0",
  backdrop: "",
  service: "Photobooth",
  price: "580",
  message: "",
  website: "",
};

const book = (fields: Record<string, unknown>) => postJson(worker, "/.netlify/functions/booking", { ...validBooking, ...fields });

describe("a calendar day pressed without JavaScript (intent=price)", () => {
  const date = saturday(1);

  it("brings the booking form back with the day filled, what was typed kept, that day's booths, prices and travel, and stores nothing", async () => {
    expect((await book({ eventDate: date, boothType: "Open Booth" })).status).toBe(200);
    let response!: Response;
    const added = await newKeys(worker, async () => {
      // The day's button posts the whole form to the page's address with the day; the date typed before is replaced.
      response = await postForm(worker, `/booking?month=${date.slice(0, 7)}&booth=glam-booth&date=${date}`, { ...typed, eventDate: "", intent: "price" });
    });
    expect(response.status).toBe(200);
    expect(added).toEqual([]);
    const html = await response.text();
    expect(html).toContain(`value="${date}"`);
    expect(html).toContain('value="Mai &lt;Phone&gt;"');
    expect(html).toContain('value="Deakin Waterfront, Geelong"');
    expect(html).toMatch(/name="addOn-usb"[^>]*checked/);
    // That day: the Open Booth booked out, and cannot be chosen; the Glam Booth free at the table's price.
    expect(html).toContain(`On ${formatDateInWords(date)}`);
    expect(html).toMatch(/Open Booth<span class="day-offer-state">booked out<\/span>/);
    expect(html).toMatch(/Glam Booth<span class="day-offer-state">free<\/span><\/th><td>\$480\.00<\/td><td>\$580\.00<\/td>/);
    expect(html).toContain('<option value="Open Booth" disabled="">Open Booth (booked out)</option>');
    expect(html).toContain('<option value="Glam Booth" selected="">Glam Booth</option>');
    // The price as the invoice will have it: the booth, the USB, travel to Geelong ($12); the deposit 30%, rounded up to the dollar.
    expect(html).toMatch(/data-price-total="">\$631\.00</);
    expect(html).toMatch(/data-price-due="">\$190\.00 deposit</);
    // Nothing was sent: no status message, no invoice.
    expect(html).not.toContain("Error: ");
  });

  it("prices the date typed when 'Show my price' is pressed, and the booking sent after it costs what was shown", async () => {
    const other = saturday(2);
    const shown = await postForm(worker, "/booking", { ...typed, eventDate: other, intent: "price" });
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain(`value="${other}"`);
    const total = /data-price-total="">([^<]+)</.exec(html)![1]!;

    // The same form without an intent is the seed's booking, sent as always.
    const sent = await postForm(worker, "/booking", { ...typed, eventDate: other });
    expect(sent.status).toBe(303);
    const invoice = await (await worker.fetch(sent.headers.get("Location")!)).text();
    expect(invoice).toMatch(new RegExp(`Total \\(AUD\\)</strong></th><td><strong>${total.replace("$", "\\$")}<`));
  });

  it("brings the quote form back with the day filled and asks for nothing to be sent", async () => {
    let response!: Response;
    const added = await newKeys(worker, async () => {
      response = await postForm(worker, `/quickquote?date=${date}`, { ...validQuote, eventDate: "", service: "Glam Booth", intent: "price", website: "" });
    });
    expect(response.status).toBe(200);
    expect(added).toEqual([]);
    const html = await response.text();
    expect(html).toContain(`value="${date}"`);
    expect(html).toContain(`value="${validQuote.fullName}"`);
    expect(html).toContain('<option value="Open Booth" disabled="">Open Booth (booked out)</option>');
  });
});

describe("a booked-out booth or date posted by hand", () => {
  it("is refused with 409 from the form, without an intent, and stores nothing", async () => {
    const date = eventDate("bookingOnAPhone", 20);
    expect((await book({ eventDate: date, boothType: "Glam Booth" })).status).toBe(200);
    let response!: Response;
    const added = await newKeys(worker, async () => {
      response = await postForm(worker, "/booking", { ...typed, eventDate: date });
    });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("Error: The Glam Booth is already booked on");
    expect(added).toEqual([]);
  });

  it("is refused with 409 on a date with every booth booked, and the calendar offers no button for it", async () => {
    const date = eventDate("bookingOnAPhone", 21);
    for (const boothType of ["Open Booth", "Glam Booth", "Enclosed Booth"]) expect((await book({ eventDate: date, boothType })).status).toBe(200);
    const page = await (await worker.fetch(`/booking?month=${date.slice(0, 7)}`)).text();
    expect(page).toContain(`${formatDateInWords(date)}: booked out`);
    expect(page).not.toContain(`${formatDateInWords(date)}: free`);
    const response = await postForm(worker, "/booking", { ...typed, eventDate: date, boothType: "Enclosed Booth" });
    expect(response.status).toBe(409);
  });
});
