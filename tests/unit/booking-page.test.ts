import { describe, expect, it } from "vitest";
import type { Payment } from "~/bookings/record/amounts";
import type { BookingRecord } from "~/bookings/record/booking";
import { changedDetailRows, checkLogo, detailsEditable, finishTime, logoTypeOf, missingDetails, type EventDetails } from "~/bookings/record/event-details";
import { nextStep } from "~/bookings/booking-page/next-step";
import { termsFigures } from "~/bookings/booking-page/terms-figures";
import { eventDetailsSchema, acceptTermsSchema } from "~/input/booking-page-forms";
import { validate } from "~/input/validate";

const issuedOn = "2026-11-24";
const eventDate = "2027-03-13";

const details: EventDetails = {
  startTime: "18:30",
  venueAddress: "12 Station Place, Werribee VIC 3030",
  contactName: "Lan Trần",
  contactMobile: "0412 345 678",
  accessNotes: "",
  printLines: ["Lan & Minh", "13.03.2027"],
  updatedAt: "2026-11-25T00:00:00.000Z",
};

function booking(overrides: Partial<BookingRecord> = {}): BookingRecord {
  return { status: "requested", totalCents: 75_400, issuedOn, eventDate, payments: [], packageDuration: "3 Hours", ...overrides } as BookingRecord;
}

const acceptance = { name: "Lan Trần", at: "2026-11-24T09:00:00.000Z", ip: "203.0.113.9", userAgent: "test", version: "November 24, 2026", sha256: "ab", copy: "terms/x" };
const deposit: Payment = { sessionId: "cs_1", kind: "deposit", amountCents: 22_700, currency: "AUD", paidAt: "2026-11-25T00:00:00.000Z" };
const balance: Payment = { ...deposit, sessionId: "cs_2", kind: "balance", amountCents: 52_700 };

describe("the booking page's next step", () => {
  it.each([
    ["declined", "This booking could not be accepted: nothing is owed."],
    ["cancelled", "This booking is cancelled."],
    ["expired", "This booking request has expired, and the date is free again."],
  ] as const)("says a %s booking is closed", (status, headline) => {
    expect(nextStep(booking({ status }), issuedOn)).toEqual({ kind: "closed", headline });
  });

  it("asks a new booking to accept the terms first, linking to the terms", () => {
    expect(nextStep(booking(), issuedOn)).toEqual({ kind: "accept", headline: "Accept the terms to confirm your booking", section: "terms" });
  });

  it("asks for the deposit, with its amount and due date in words, once the terms are accepted, linking to the payments", () => {
    expect(nextStep(booking({ status: "confirmed", acceptance }), issuedOn)).toEqual({ kind: "pay", headline: "Deposit of $227.00 due by Tuesday 1 December 2026", section: "payments" });
  });

  it("says a deposit is overdue after its due date", () => {
    expect(nextStep(booking({ status: "confirmed", acceptance }), "2026-12-02").headline).toBe("Deposit of $227.00 due by Tuesday 1 December 2026 (overdue)");
  });

  it("asks for a booking confirmed by the owner's link to pay too, without asking it to accept the terms", () => {
    expect(nextStep(booking({ status: "confirmed" }), issuedOn).kind).toBe("pay");
  });

  it("asks about the event once the deposit is paid, linking to the details form", () => {
    expect(nextStep(booking({ status: "confirmed", acceptance, payments: [deposit] }), issuedOn)).toEqual({ kind: "details", headline: "Tell us about your event", section: "details" });
  });

  it("asks for the balance once the details are given, and first once the balance is due", () => {
    const given = booking({ status: "confirmed", acceptance, payments: [deposit], eventDetails: details });
    expect(nextStep(given, issuedOn).headline).toBe("Balance of $527.00 due by Saturday 27 February 2027");
    expect(nextStep({ ...given, eventDetails: undefined }, "2027-02-27").headline).toBe("Balance of $527.00 due by Saturday 27 February 2027");
  });

  it("is all set once everything is paid and given", () => {
    const done = booking({ status: "confirmed", acceptance, payments: [deposit, balance], eventDetails: details });
    expect(nextStep(done, issuedOn)).toEqual({ kind: "done", headline: "All set: see you on Saturday 13 March 2027" });
  });
});

describe("the terms' figures for a booking", () => {
  it("give the deposit, the balance and each stage of cancelling in dollars and dates", () => {
    expect(termsFigures(booking())).toEqual([
      "Deposit: $227.00, due by Tuesday 1 December 2026.",
      "Balance: $527.00, due by Saturday 27 February 2027.",
      "Cancelling by Wednesday 10 February 2027 (more than 30 days before the event): the deposit of $227.00 is kept and nothing more is due.",
      "Cancelling by Saturday 27 February 2027 (14 to 30 days before): $377.00, 50% of the total of $754.00, is due.",
      "Cancelling from Sunday 28 February 2027 (less than 14 days before): the full $754.00 is due and nothing is refunded.",
    ]);
  });

  it("leave out the stages already passed for an event 20 days away", () => {
    const soon = termsFigures(booking({ eventDate: "2026-12-14" }));
    expect(soon.some((line) => line.includes("is kept"))).toBe(false);
    expect(soon).toContain("Cancelling by Monday 30 November 2026 (14 to 30 days before): $377.00, 50% of the total of $754.00, is due.");
  });

  it("ask for everything at once for an event 13 days away", () => {
    expect(termsFigures(booking({ eventDate: "2026-12-07" }))).toEqual([
      "The full amount of $754.00 is due by Tuesday 24 November 2026, as the event is less than 14 days away.",
      "Cancelling from Tuesday 24 November 2026 (less than 14 days before): the full $754.00 is due and nothing is refunded.",
    ]);
  });
});

describe("the event's details", () => {
  const valid = { startTime: "18:30", venueAddress: "12 Station Place, Werribee", contactName: "Σοφία Παπαδοπούλου", contactMobile: "+61 412 345 678" };

  it("accept a 24-hour start time, an address, a contact and an Australian mobile", () => {
    const result = validate("details", eventDetailsSchema, { ...valid, printLine1: "王小明 & 李华", printLine2: "" });
    expect(result).toMatchObject({ ok: true, data: { ...valid, accessNotes: "", printLine1: "王小明 & 李华", printLine2: "" } });
  });

  it.each([
    ["startTime", "6.30pm", "Please enter the start time as HH:MM, for example 18:30."],
    ["startTime", "24:00", "Please enter the start time as HH:MM, for example 18:30."],
    ["contactMobile", "9876 5432", "Please enter an Australian mobile number, for example 0412 345 678."],
    ["contactMobile", "+44 7700 900123", "Please enter an Australian mobile number, for example 0412 345 678."],
    ["printLine1", "x".repeat(41), "The first print line is too long (at most 40 characters)."],
    ["printLine2", "y".repeat(41), "The second print line is too long (at most 40 characters)."],
    ["venueAddress", "a".repeat(201), "Your venue's street address is too long (at most 200 characters)."],
  ])("refuse %s %j with a message beside the field", (field, value, message) => {
    const result = validate("details", eventDetailsSchema, { ...valid, [field]: value });
    expect(result).toMatchObject({ ok: false, fieldErrors: { [field]: message } });
  });

  it("say every required field is missing when the form comes empty", () => {
    const result = validate("details", eventDetailsSchema, {});
    expect(result).toMatchObject({ ok: false, incomplete: true });
    expect(Object.keys(result.ok ? {} : result.fieldErrors).sort()).toEqual(["contactMobile", "contactName", "startTime", "venueAddress"]);
  });

  it("work out the finish time from the hours booked, extra hours and past midnight too", () => {
    expect(finishTime("18:30", { packageDuration: "3 Hours" })).toBe("21:30");
    expect(finishTime("22:15", { packageDuration: "4 Hours" })).toBe("02:15");
    expect(finishTime("18:30", { packageDuration: "3 Hours", extras: { extraHours: 2 } })).toBe("23:30");
  });

  it("can be changed until 7 days before the event, and not after", () => {
    expect(detailsEditable("2026-12-01", "2026-11-24")).toBe(true);
    expect(detailsEditable("2026-12-01", "2026-11-25")).toBe(false);
  });

  it("say what is missing until they are given", () => {
    expect(missingDetails(undefined)).toEqual(["start time", "venue address", "contact on the day"]);
    expect(missingDetails(details)).toEqual([]);
  });

  it("list only what changed in a second save, saying what it was", () => {
    const later = { ...details, startTime: "19:00", updatedAt: "2026-11-26T00:00:00.000Z" };
    expect(changedDetailRows(details, later, { packageDuration: "3 Hours" })).toEqual([
      ["Start time", "7:00 pm (was: 6:30 pm)"],
      ["Finish time", "10:00 pm (was: 9:30 pm)"],
    ]);
  });
});

describe("accepting the terms", () => {
  const termsSha256 = "a".repeat(64);

  it("needs the ticked box, the full name and the hash of the terms shown", () => {
    expect(validate("accept", acceptTermsSchema, { accept: "on", signature: " Nguyễn Thị Hằng ", termsSha256 })).toMatchObject({ ok: true, data: { signature: "Nguyễn Thị Hằng", termsSha256 } });
    expect(validate("accept", acceptTermsSchema, { signature: "Jane", termsSha256 })).toMatchObject({ ok: false, fieldErrors: { accept: "Please tick the box to accept the Terms and Conditions." } });
    expect(validate("accept", acceptTermsSchema, { accept: "on", signature: "  ", termsSha256 })).toMatchObject({ ok: false, fieldErrors: { signature: "Please enter your full name." } });
    for (const missing of [undefined, "", "not-a-hash", "a".repeat(63)]) {
      expect(validate("accept", acceptTermsSchema, { accept: "on", signature: "Jane", termsSha256: missing })).toMatchObject({ ok: false, fieldErrors: { termsSha256: expect.stringContaining("which terms you read") } });
    }
  });
});

describe("a logo", () => {
  const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
  const webp = new TextEncoder().encode("RIFF\u0000\u0000\u0000\u0000WEBPVP8 ");

  it("is recognised by its content as PNG, JPEG or WebP", () => {
    expect([png, jpeg, webp].map(logoTypeOf)).toEqual(["image/png", "image/jpeg", "image/webp"]);
  });

  it.each([
    ["an HTML file, whatever its name", new TextEncoder().encode("<!doctype html><script>alert(1)</script>")],
    ["an SVG", new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ["a GIF", new TextEncoder().encode("GIF89a")],
  ])("refuses %s", (_what, bytes) => {
    expect(checkLogo(bytes)).toEqual({ ok: false, error: "The logo must be a PNG, JPEG or WebP image (other files, SVG included, are not accepted)." });
  });

  it("refuses an image over 2 MB and takes one of exactly 2 MB", () => {
    const sized = (bytes: number) => {
      const image = new Uint8Array(bytes);
      image.set(png);
      return image;
    };
    expect(checkLogo(sized(2 * 1024 * 1024))).toEqual({ ok: true, type: "image/png" });
    expect(checkLogo(sized(2 * 1024 * 1024 + 1))).toEqual({ ok: false, error: "The logo must be 2 MB or smaller." });
  });
});
