/**
 * The booking and quote forms' `intent=price` (docs/product-decisions.md, "Booking on a phone"):
 * a calendar day pressed, or "Show my price", without JavaScript brings the form back with the
 * day's date, everything typed, that day's booths and prices and travel, and books nothing; a
 * booth or date booked out cannot be chosen there, and posted by hand it is still refused (409).
 * The client's move page has the same calendar for their booth: the dates it can move to, each
 * with what the move does to the price (nothing: a move keeps the price, docs/product-decisions.md,
 * "Changes, cancellations and refunds").
 */
import { describe, expect, it } from "vitest";
import { formatCents } from "../../app/bookings/record/amounts";
import { invoiceStatement } from "../../app/bookings/invoice/invoice-statement";
import { paymentTerms } from "../../app/business";
import { monthRange, shiftMonth } from "../../app/bookings/holds/calendar";
import { addDays, daysBetween } from "../../app/utils/melbourne-time";
import { formatDateInWords } from "../../app/utils/date-words";
import { eventDate } from "../support/event-dates";
import { validBooking, validQuote } from "../support/form-data";
import { bookThrough, currentRecord } from "./booking";
import { newKeys, postForm, postJson } from "./forms-support";
import { workerForFile } from "./worker";

const worker = workerForFile({ vars: { RATE_LIMIT_MAX: "1000" } });

/** The `nth` Saturday (1 or 2) of the area's month: the table's prices, no rule (no Victorian holiday falls on a Saturday in June). */
function saturday(nth: number): string {
  const first = Array.from({ length: 7 }, (_, index) => eventDate("bookingOnAPhone", index + 1)).find((date) => new Date(`${date}T00:00:00Z`).getUTCDay() === 6)!;
  return eventDate("bookingOnAPhone", Number(first.slice(8)) + 7 * (nth - 1));
}

/** "June 2031", as a calendar's caption names its month. */
const monthName = (month: string) => new Intl.DateTimeFormat("en-AU", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));

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

describe("the move page's calendar", () => {
  // The client's Glam Booth on the 23rd; another client's on the 24th; an Open Booth on the 25th, which leaves the Glam Booth free.
  const own = eventDate("bookingOnAPhone", 23);
  const taken = eventDate("bookingOnAPhone", 24);
  const otherBooth = eventDate("bookingOnAPhone", 25);
  const month = own.slice(0, 7);

  // Booked once for the three tests below, none of which moves it.
  let made: ReturnType<typeof book> | undefined;
  const booked = () => (made ??= book());

  async function book() {
    const client = await bookThrough(worker, { ...validBooking, eventDate: own, boothType: "Glam Booth", packageDuration: "4 Hours" });
    await bookThrough(worker, { ...validBooking, eventDate: taken, boothType: "Glam Booth" });
    await bookThrough(worker, { ...validBooking, eventDate: otherBooth, boothType: "Open Booth" });
    const movePath = `/invoice/${client.invoiceNumber}/move`;
    return { client, movePath, page: await (await worker.fetch(`${movePath}?key=${client.secret}&month=${month}`)).text() };
  }

  /** Each free day's button: its label and where it posts. */
  function dayButtons(html: string) {
    return [...html.matchAll(/<button type="submit" name="intent" value="price" formaction="([^"]+)"[^>]*aria-label="([^"]+)"/g)].map(([, action, label]) => ({
      action: action!.replaceAll("&amp;", "&"),
      label: label!,
    }));
  }

  it("offers the booth's free dates, each with the move's price difference (none: the price stays), and no button for a booked-out day or the booking's own", async () => {
    const { client, page } = await booked();
    const total = formatCents((await currentRecord(worker, client)).totalCents);
    const days = dayButtons(page);
    // Every free day of the month from the window's first; a weekday or a holiday too costs what the booking costs, not 10% less or 20% more.
    expect(days.length).toBeGreaterThan(20);
    for (const day of days) expect(day.label).toMatch(new RegExp(`: free \\(Glam Booth\\), price difference \\+\\$0\\.00, your total ${total.replace("$", "\\$")}\\. Choose this date$`));
    // No mark on a day: none differs, and a month of "+$0" would say nothing (nor -10% or +20%, which a move does not take).
    expect(page).not.toContain('class="calendar-rule"');
    expect(days.some((day) => day.label.startsWith(formatDateInWords(otherBooth)))).toBe(true);
    expect(days.some((day) => day.label.startsWith(formatDateInWords(taken)))).toBe(false);
    expect(page).toContain(`${formatDateInWords(taken)}: booked out`);
    expect(days.some((day) => day.label.startsWith(formatDateInWords(own)))).toBe(false);
    expect(page).toContain(`${formatDateInWords(own)}: your booking&#x27;s date now`);

    // A day posts to the page with its key, month and date; the month links carry only the key and the month.
    const day = days.find(({ label }) => label.startsWith(formatDateInWords(otherBooth)))!;
    expect(day.action).toBe(`/invoice/${client.invoiceNumber}/move?key=${client.secret}&month=${month}&date=${otherBooth}#move-choice`);
    const monthLinks = [...page.matchAll(/<nav class="calendar-nav"[^]*?<\/nav>/g)][0]![0];
    const hrefs = [...monthLinks.matchAll(/href="([^"]+)"/g)].map(([, href]) => href!.replaceAll("&amp;", "&"));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(new RegExp(`^/invoice/${client.invoiceNumber}/move\\?key=${client.secret}&month=\\d{4}-\\d{2}#calendar-heading$`));
  });

  it("brings the page back with a day pressed without JavaScript, filled in with its difference, and moves nothing", async () => {
    const { client, page } = await booked();
    const day = dayButtons(page).find(({ label }) => label.startsWith(formatDateInWords(otherBooth)))!;
    const response = await postForm(worker, day.action.replace(/#.*$/, ""), { newDate: "", intent: "price" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(new RegExp(`id="move-date"[^>]*value="${otherBooth}"`));
    expect(html).toContain(`Moving to ${formatDateInWords(otherBooth)}: price difference +$0.00, your total`);
    expect((await currentRecord(worker, client)).eventDate).toBe(own);
  });

  it("refuses a booked-out day posted by hand (409), and the booking stays on its date", async () => {
    const { client, movePath } = await booked();
    const response = await postForm(worker, `${movePath}?key=${client.secret}`, { newDate: taken });
    expect(response.status).toBe(409);
    expect((await currentRecord(worker, client)).eventDate).toBe(own);
  });
});

describe("the move page's due dates", () => {
  it("says, once a day is pressed, when the deposit and balance fall due on it: the schedule the invoice has once the booking is moved there", async () => {
    // A Glam Booth on the 12th, moved to the 1st: the balance falls due 14 days before the new date.
    const own = eventDate("bookingOnAPhone", 12);
    const target = eventDate("bookingOnAPhone", 1);
    const client = await bookThrough(worker, { ...validBooking, eventDate: own, boothType: "Glam Booth", packageDuration: "3 Hours" });
    const movePath = `/invoice/${client.invoiceNumber}/move`;
    const before = await (await worker.fetch(`${movePath}?key=${client.secret}&month=${own.slice(0, 7)}`)).text();
    expect(before).not.toContain("On that date:");

    const pressed = await postForm(worker, `${movePath}?key=${client.secret}&month=${own.slice(0, 7)}&date=${target}`, { newDate: "", intent: "price" });
    expect(pressed.status).toBe(200);
    const said = /<p class="move-due">On that date: ([^<]+)\.<\/p>/.exec(await pressed.text())?.[1];
    expect(said).toContain(`Balance, due by ${formatDateInWords(addDays(target, -paymentTerms.balanceDueDaysBeforeEvent))}, $`);
    expect((await currentRecord(worker, client)).eventDate).toBe(own);

    // Moved there, the booking's invoice has that schedule.
    expect((await postForm(worker, `${movePath}?key=${client.secret}`, { newDate: target })).status).toBe(303);
    const moved = await currentRecord(worker, client);
    expect(moved.eventDate).toBe(target);
    expect(said).toBe(invoiceStatement(moved).schedule.map((line) => `${line.label}, ${line.amount}`).join("; "));
  });
});

describe("the quote page's other dates", () => {
  it("shows the quote's booth month when its date is taken: free days open the quote form for that day, booth and hours; booked-out days none; months links of the key and month", async () => {
    const asked = eventDate("bookingOnAPhone", 26);
    const alsoTaken = eventDate("bookingOnAPhone", 27);
    const free = eventDate("bookingOnAPhone", 28);
    const month = asked.slice(0, 7);
    const response = await postForm(worker, "/quickquote", { ...validQuote, website: "", eventDate: asked, service: "Enclosed Booth" });
    expect(response.status).toBe(303);
    const thankYou = new URL(response.headers.get("location")!, "https://photobooths.test");
    const id = thankYou.searchParams.get("quote")!;
    const key = thankYou.searchParams.get("key")!;
    for (const date of [asked, alsoTaken]) expect((await book({ eventDate: date, boothType: "Enclosed Booth" })).status).toBe(200);

    const html = await (await worker.fetch(`/quote/${id}?key=${key}`)).text();
    expect(html).toContain("Your date is not free now");
    expect(html).toContain(`<caption>${monthName(month)}<!-- -->: <!-- -->Enclosed Booth</caption>`);
    const links = [...html.matchAll(/<a aria-label="([^"]+)"[^>]*href="([^"]+)"/g)].map(([, label, href]) => ({ href: href!.replaceAll("&amp;", "&"), label: label! }));
    const day = links.find(({ label }) => label.startsWith(`${formatDateInWords(free)}: free (Enclosed Booth)`));
    expect(day?.href).toBe(`/quickquote?month=${month}&booth=enclosed-booth&date=${free}&hours=3hrs`);
    for (const taken of [asked, alsoTaken]) {
      expect(html).toContain(`${formatDateInWords(taken)}: booked out`);
      expect(links.some(({ label }) => label.startsWith(formatDateInWords(taken)))).toBe(false);
    }
    const monthLinks = [...html.matchAll(/<nav class="calendar-nav"[^]*?<\/nav>/g)][0]![0];
    const hrefs = [...monthLinks.matchAll(/href="([^"]+)"/g)].map(([, href]) => href!.replaceAll("&amp;", "&"));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(new RegExp(`^/quote/${id}\\?key=${key}&month=\\d{4}-\\d{2}#calendar-heading$`));

    // A day there opens the quote form for it, its booth and hours chosen.
    const form = await (await worker.fetch(day!.href)).text();
    expect(form).toMatch(new RegExp(`name="eventDate"[^>]*value="${free}"`));
    expect(form).toContain('<option value="Enclosed Booth" selected="">Enclosed Booth</option>');
  });

  it("opens on the month of the nearest free date when the quote's own month has no free day left for its booth", async () => {
    const asked = eventDate("bookingOnAPhone", 11);
    const month = asked.slice(0, 7);
    const response = await postForm(worker, "/quickquote", { ...validQuote, website: "", eventDate: asked, service: "Open Booth" });
    expect(response.status).toBe(303);
    const thankYou = new URL(response.headers.get("location")!, "https://photobooths.test");
    // The owner blocks the Open Booth for the whole month (the nearest free day is then the last of the month before), and lifts it after.
    const kv = await worker.kv();
    const { from, to } = monthRange(month);
    const blocked = Array.from({ length: daysBetween(from, to) + 1 }, (_, index) => `blocked:${addDays(from, index)}:open-booth`);
    await Promise.all(blocked.map((key) => kv.put(key, "Booth away for repairs")));
    try {
      const html = await (await worker.fetch(`/quote/${thankYou.searchParams.get("quote")}?key=${thankYou.searchParams.get("key")}`)).text();
      expect(html).toContain("Your date is not free now");
      expect(html).toContain(`<caption>${monthName(shiftMonth(month, -1))}<!-- -->: <!-- -->Open Booth</caption>`);
      expect(html).toContain(`aria-label="${formatDateInWords(addDays(from, -1))}: free (Open Booth)`);
      // A month asked for in the address is the one shown, even with no free day.
      const asMonth = await (await worker.fetch(`/quote/${thankYou.searchParams.get("quote")}?key=${thankYou.searchParams.get("key")}&month=${month}`)).text();
      expect(asMonth).toContain(`<caption>${monthName(month)}<!-- -->: <!-- -->Open Booth</caption>`);
    } finally {
      await Promise.all(blocked.map((key) => kv.delete(key)));
    }
  });
});
