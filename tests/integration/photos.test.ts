/**
 * The photos after the event (docs/product-decisions.md, "The owner's page, bank payments and the
 * photos"): the owner's gallery link through the booking's ledger, the client's page and its one
 * e-mail, the keepsake the page becomes after the event, and the morning e-mail's reminder.
 * Bookings to come are made through HTTP on the photos area's dates and the ledger is told a
 * moment after their event; a booking whose event has already passed is written into storage as
 * the ledger would have stored it.
 */
import { Response as MiniflareResponse, type Request as MiniflareRequest } from "miniflare";
import { describe, expect, it } from "vitest";
import type { BookingRecord } from "~/bookings/record/booking";
import { formatDateInWords } from "~/utils/date-words";
import { addDays, melbourneInstant, melbourneToday } from "~/utils/melbourne-time";
import { seededBooking } from "../../scripts/lib/seed-bookings.mjs";
import { eventDate } from "../support/event-dates";
import { validBooking } from "../support/form-data";
import { bookThrough, confirmAndAccept, type Booked } from "./booking";
import { getJson, postForm, settledMailsOf, settledRecord } from "./forms-support";
import { workerForFile, type TestWorker } from "./worker";

/** What the fake MailChannels was asked to send. */
const sent: { to: string; subject: string; text: string }[] = [];

/** E-mails go out through a fake MailChannels that takes every one. */
const mailing = workerForFile({
  vars: { MAILCHANNELS_API_KEY: "test", RATE_LIMIT_MAX: "1000" },
  outboundService: async (request: MiniflareRequest) => {
    const body = (await request.json()) as { personalizations: { to: { email: string }[] }[]; subject: string; content: { type: string; value: string }[] };
    sent.push({ to: body.personalizations[0]!.to[0]!.email, subject: body.subject, text: body.content.find((part) => part.type === "text/plain")?.value ?? "" });
    return new MiniflareResponse(null, { status: 202 });
  },
});
/** E-mails land in the outbox, where "Keep my date" and the morning e-mail are read; card checkout is on, so the page offers its pay button. */
const worker = workerForFile({ vars: { RATE_LIMIT_MAX: "1000", STRIPE_SECRET_KEY: "sk_test_photos" } });

const book = (on: TestWorker, day: number, boothType = "Open Booth") =>
  bookThrough(on, { ...validBooking, eventDate: eventDate("photos", day), boothType, email: `photos${day}@example.com`, fullName: `Photos Client ${day}` });

/** The morning after `date` + `days`, Melbourne time. */
const morningAfter = (date: string, days: number) => melbourneInstant(addDays(date, days), "06:00");

async function postGallery(on: TestWorker, booked: Pick<Booked, "invoiceNumber">, url: string, at: Date) {
  return (await on.ledger()).postGallery({ invoiceNumber: booked.invoiceNumber, url, at: at.toISOString() });
}

describe("the photos' gallery link", () => {
  it("shows at the top of the client's page, and the client is e-mailed it exactly once though it is posted twice", async () => {
    const booked = await book(mailing, 1);
    const first = await postGallery(mailing, booked, "https://photos.example/albums/first", morningAfter(booked.eventDate, 1));
    expect(first).toMatchObject({ kind: "posted", first: true });
    const second = await postGallery(mailing, booked, "https://photos.example/albums/corrected", morningAfter(booked.eventDate, 1));
    expect(second).toMatchObject({ kind: "posted", first: false, record: { photos: { url: "https://photos.example/albums/corrected", earlier: [{ url: "https://photos.example/albums/first" }] } } });
    expect(await postGallery(mailing, booked, "https://photos.example/albums/corrected", morningAfter(booked.eventDate, 2))).toMatchObject({ kind: "same" });

    const page = await (await mailing.fetch(booked.page)).text();
    expect(page).toContain("Your photos");
    expect(page).toContain('href="https://photos.example/albums/corrected"');
    expect(page).not.toContain("albums/first");
    expect(page.indexOf("Your photos")).toBeLessThan(page.indexOf("Booking summary"));

    const record = await settledRecord<BookingRecord>(mailing, booked.recordKey);
    expect(record.emailDelivery.photos).toMatchObject({ status: "sent", attempts: 1 });
    const photoMails = sent.filter((mail) => mail.to === "photos1@example.com" && mail.subject.startsWith("Your photos"));
    expect(photoMails).toHaveLength(1);
    expect(photoMails[0]!.text).toContain("Your photos: https://photos.example/albums/first");
    expect(photoMails[0]!.text).not.toContain("/owner/");
  });

  it("refuses anything but an https address, changing nothing", async () => {
    const booked = await book(worker, 3);
    const at = morningAfter(booked.eventDate, 1);
    for (const url of ["http://photos.example/album", "javascript:alert(1)", "https://owner:secret@photos.example/album", "https://photos.example/a b", `https://photos.example/${"a".repeat(2000)}`]) {
      const outcome = await postGallery(worker, booked, url, at);
      expect(outcome, url).toMatchObject({ kind: "refused", reason: expect.any(String) });
    }
    const { booking } = (await (await worker.ledger()).read(booked.invoiceNumber))!;
    expect(booking.photos).toBeUndefined();
    expect(booking.emailDelivery.photos).toBeUndefined();
  });

  it("is refused before the event, and taken on its day", async () => {
    const booked = await book(worker, 4);
    const before = await postGallery(worker, booked, "https://photos.example/album", melbourneInstant(addDays(booked.eventDate, -1), "22:00"));
    expect(before).toMatchObject({ kind: "refused", reason: `The event is on ${formatDateInWords(booked.eventDate)}: its photos can be posted from that day.` });
    expect(await postGallery(worker, booked, "https://photos.example/album", melbourneInstant(booked.eventDate, "23:30"))).toMatchObject({ kind: "posted", first: true });
  });
});

describe("the client's page after the event", () => {
  /** A booking whose event was three days ago, confirmed, with its deposit paid and its balance still owed (or paid in full), stored as its ledger would have. */
  async function pastBooking(seed: number, { paidInFull = false } = {}): Promise<BookingRecord & { page: string }> {
    const seeded = seededBooking(seed, -3, melbourneToday()) as BookingRecord;
    const booking: BookingRecord = { ...seeded, payments: seeded.payments!.filter((payment) => paidInFull || payment.kind === "deposit") };
    const kv = await worker.kv();
    await kv.put(`booking:${booking.eventDate}:${booking.invoiceNumber}`, JSON.stringify(booking), { metadata: { summary: booking.fullName, status: booking.status, receivedAt: booking.receivedAt, notes: "" } });
    await kv.put(`invoice:${booking.invoiceNumber}`, JSON.stringify({ eventDate: booking.eventDate }));
    return { ...booking, page: `/invoice/${booking.invoiceNumber}?key=${booking.invoiceSecret}` };
  }

  it("is a keepsake: the receipt with what is still owed and the pay button, the details, and no move, cancel or add-on change", async () => {
    const past = await pastBooking(1);
    const response = await worker.fetch(past.page);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain("Balance of $373.00 still owing");
    expect(page).toContain(`action="/invoice/${past.invoiceNumber}/checkout?key=${past.invoiceSecret}"`);
    expect(page).toContain("Your event");
    for (const offer of [`/invoice/${past.invoiceNumber}/move`, `/invoice/${past.invoiceNumber}/cancel`, "Change of plans", "Your add-ons", 'name="accept"']) expect(page, offer).not.toContain(offer);
  });

  it("paid in full, thanks the client, offers no payment, and shows the photos first once they are posted", async () => {
    const past = await pastBooking(3, { paidInFull: true });
    const before = await (await worker.fetch(past.page)).text();
    expect(before).toContain(`Thank you for having us on ${formatDateInWords(past.eventDate)}.`);
    for (const offer of ["/checkout?key=", "Ways to pay", "photos-heading"]) expect(before, offer).not.toContain(offer);
    expect(await postGallery(worker, past, "https://photos.example/albums/seed-3", new Date())).toMatchObject({ kind: "posted", first: true });
    const after = await (await worker.fetch(past.page)).text();
    expect(after).toContain(`Thank you for having us on ${formatDateInWords(past.eventDate)}: your photos are ready.`);
    expect(after.indexOf('href="https://photos.example/albums/seed-3"')).toBeGreaterThan(0);
    expect(after.indexOf('href="https://photos.example/albums/seed-3"')).toBeLessThan(after.indexOf("Booking summary"));
  });

  it("refuses a move or a cancellation posted to it, in its routes and in the ledger", async () => {
    const past = await pastBooking(2);
    const key = `?key=${past.invoiceSecret}`;
    const cancel = await postForm(worker, `/invoice/${past.invoiceNumber}/cancel${key}`, {});
    expect(cancel.status).toBe(409);
    expect(await cancel.text()).toContain("The event has taken place");
    const move = await postForm(worker, `/invoice/${past.invoiceNumber}/move${key}`, { newDate: addDays(melbourneToday(), 30) });
    expect(move.status).toBe(400);
    expect(await move.text()).toContain("The event has taken place");
    const ledger = await worker.ledger();
    expect(await ledger.changeByClient(past.invoiceNumber, { kind: "cancel", at: new Date().toISOString() })).toMatchObject({ kind: "refused", reason: "The event has taken place, so this booking can no longer be changed." });
    expect(await ledger.move({ invoiceNumber: past.invoiceNumber, to: addDays(melbourneToday(), 30), at: new Date().toISOString() })).toMatchObject({ kind: "refused" });
    expect((await ledger.read(past.invoiceNumber))!.booking).toMatchObject({ status: "confirmed", eventDate: past.eventDate });
    expect(await getJson<BookingRecord>(worker, `booking:${past.eventDate}:${past.invoiceNumber}`)).toMatchObject({ status: "confirmed" });
  });
});

describe("the owner's morning e-mail", () => {
  /** The bullet lines under the morning e-mail's photos heading. */
  function photosSection(text: string): string[] {
    const lines = text.split("\n");
    const start = lines.findIndex((line) => line.startsWith("Photos not posted yet"));
    if (start < 0) return [];
    // Each line of the letter is a paragraph of its own, followed by an empty line.
    const after = lines.slice(start + 1).filter((line) => line !== "");
    const end = after.findIndex((line) => !line.startsWith("• "));
    return after.slice(0, end < 0 ? undefined : end);
  }

  /** The photos lines of the morning e-mail of `day`, once its run is done (none when the morning had nothing to say). */
  async function photosLinesOn(day: Date): Promise<string[]> {
    await worker.scheduled(day);
    const date = melbourneToday(day);
    const record = await getJson<{ empty: boolean }>(worker, `agenda:${date}`);
    if (record.empty) return [];
    const [morning] = await settledMailsOf(worker, `agenda:${date}`);
    return photosSection(morning!.text);
  }

  it("reminds the owner two days after the event while no link is posted, and not once it is", async () => {
    const booked = await book(worker, 10, "Glam Booth");
    await confirmAndAccept(worker, booked, "Photos Client 10");
    const line = `• ${booked.invoiceNumber} Photos Client 10, ${formatDateInWords(booked.eventDate)}`;

    expect(await photosLinesOn(morningAfter(booked.eventDate, 1))).not.toContain(line);
    expect(await photosLinesOn(morningAfter(booked.eventDate, 2))).toContain(line);
    expect(await photosLinesOn(morningAfter(booked.eventDate, 3))).toContain(line);

    expect(await postGallery(worker, booked, "https://photos.example/album-10", melbourneInstant(addDays(booked.eventDate, 3), "09:00"))).toMatchObject({ kind: "posted" });
    expect(await photosLinesOn(morningAfter(booked.eventDate, 4))).not.toContain(line);
  });
});
