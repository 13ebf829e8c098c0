import { describe, expect, it } from "vitest";
import { acceptTermsSchema, approveProofSchema, eventDetailsSchema, extrasChangeSchema, proofChangesSchema } from "~/input/booking-page-forms";
import { proofUploadSchema } from "~/input/owner-forms";
import { bookingSchema, contactSchema } from "~/input/public-forms";
import { quoteSchema } from "~/input/quote-forms";
import { validate } from "~/input/validate";

const today = "2026-11-22";

const quote = {
  fullName: "Jane Citizen",
  email: "jane@example.com",
  phoneNumber: "0491 570 110",
  eventDate: "2027-06-15",
  eventLocation: "Werribee",
  packageDuration: "7hrs+",
  service: "Enclosed Booth",
  message: "Hello",
};

const booking = {
  fullName: "Jane Citizen",
  email: "jane@example.com",
  phoneNumber: "0491 570 110",
  eventDate: "2027-06-15",
  eventLocation: "Werribee",
  boothType: "Open Booth",
  packageDuration: "2 Hours",
};

const checkQuote = (input: Record<string, unknown>) => validate("quote", quoteSchema(today), input);
const checkBooking = (input: Record<string, unknown>) => validate("booking", bookingSchema(today), input);

describe("quote schema", () => {
  it("accepts a full request and trims what was typed", () => {
    const result = checkQuote({ ...quote, fullName: "  Jane Citizen  ", email: " jane@example.com " });
    expect(result).toMatchObject({ ok: true, data: { fullName: "Jane Citizen", email: "jane@example.com" } });
  });

  it("treats a field of spaces as empty and flags the request as incomplete", () => {
    const result = checkQuote({ ...quote, message: "   " });
    expect(result).toMatchObject({ ok: false, incomplete: true, error: "Please fill in every required field." });
    expect(result.ok || result.fieldErrors.message).toBe("Please enter your message.");
  });

  it("accepts today and refuses yesterday, a date that does not exist and one too far ahead", () => {
    expect(checkQuote({ ...quote, eventDate: today }).ok).toBe(true);
    expect(checkQuote({ ...quote, eventDate: "2026-11-21" })).toMatchObject({ ok: false, incomplete: false, error: expect.stringMatching(/in the past/) });
    expect(checkQuote({ ...quote, eventDate: "2027-02-29" })).toMatchObject({ ok: false, error: expect.stringMatching(/real calendar date/) });
    expect(checkQuote({ ...quote, eventDate: "2028-02-29" }).ok).toBe(true);
    expect(checkQuote({ ...quote, eventDate: "2031-11-22" }).ok).toBe(true);
    expect(checkQuote({ ...quote, eventDate: "2031-11-23" })).toMatchObject({ ok: false, error: expect.stringMatching(/within 5 years/) });
  });

  it("refuses the booking form's durations and unknown booths", () => {
    expect(checkQuote({ ...quote, packageDuration: "2 Hours" }).ok).toBe(false);
    expect(checkQuote({ ...quote, service: "Photobooth" }).ok).toBe(false);
  });

  it("allows names up to 100 characters and no longer", () => {
    expect(checkQuote({ ...quote, fullName: "J".repeat(100) }).ok).toBe(true);
    expect(checkQuote({ ...quote, fullName: "J".repeat(101) })).toMatchObject({ ok: false, error: expect.stringMatching(/too long/) });
  });

  it("refuses addresses that are not e-mail addresses", () => {
    for (const email of ["jane", "jane@", "jane@example", "jane example@x.com", "<jane@example.com>"]) {
      expect(checkQuote({ ...quote, email }).ok, email).toBe(false);
    }
  });

  it("refuses values that are not text", () => {
    expect(checkQuote({ ...quote, phoneNumber: 491570110 }).ok).toBe(false);
    expect(checkQuote({ ...quote, message: ["a"] }).ok).toBe(false);
  });
});

describe("booking schema", () => {
  it("drops the browser's price and fixes the service to Photobooth", () => {
    const result = checkBooking({ ...booking, price: 1, service: undefined });
    expect(result).toMatchObject({ ok: true, data: { service: "Photobooth", price: undefined } });
  });

  it("leaves the message optional and the invoice number optional", () => {
    expect(checkBooking({ ...booking, message: "", invoiceNumber: "" })).toMatchObject({ ok: true, data: { message: "", invoiceNumber: undefined } });
  });

  it("refuses a malformed invoice number and another service", () => {
    expect(checkBooking({ ...booking, invoiceNumber: "PB-123" })).toMatchObject({ ok: false, error: expect.stringMatching(/PB-YYYYMMDD-123/) });
    expect(checkBooking({ ...booking, service: "Video booth" }).ok).toBe(false);
  });

  it("refuses the quote form's durations", () => {
    expect(checkBooking({ ...booking, packageDuration: "3hrs" })).toMatchObject({ ok: false, incomplete: false });
  });

  it("ignores fields it does not know", () => {
    const result = checkBooking({ ...booking, isAdmin: true });
    expect(result.ok && "isAdmin" in result.data).toBe(false);
  });

  it("is built once a day, and afresh when the day changes", () => {
    expect(bookingSchema(today)).toBe(bookingSchema(today));
    expect(validate("booking", bookingSchema("2026-11-23"), { ...booking, eventDate: today })).toMatchObject({ ok: false, error: expect.stringMatching(/in the past/) });
    expect(checkBooking({ ...booking, eventDate: today }).ok).toBe(true);
  });
});

describe("the booking page's add-ons schema", () => {
  const choices = { "addOn-usb": "on", "addOn-audio-guest-book": "on", extraHours: "2", backdrop: "Floral" };

  it("gathers the add-ons as the booking form does, in catalogue order", () => {
    const expected = { extraHours: 2, backdrop: "Floral", addOns: ["audio-guest-book", "usb"] };
    expect(validate("extras", extrasChangeSchema, choices)).toEqual({ ok: true, data: expected });
    expect(checkBooking({ ...booking, ...choices })).toMatchObject({ ok: true, data: { extras: expected } });
  });

  it("reads nothing ticked as no add-ons, and takes no promo code", () => {
    const result = validate("extras", extrasChangeSchema, { promoCode: "WINTER10" });
    expect(result).toEqual({ ok: true, data: { extraHours: 0, backdrop: null, addOns: [] } });
  });

  it("refuses more extra hours than are sold, and a backdrop not in the list", () => {
    expect(validate("extras", extrasChangeSchema, { extraHours: "3" })).toMatchObject({ ok: false, fieldErrors: { extraHours: expect.stringMatching(/up to 2/) } });
    expect(validate("extras", extrasChangeSchema, { backdrop: "Neon" })).toMatchObject({ ok: false, fieldErrors: { backdrop: expect.any(String) } });
  });
});

describe("contact schema", () => {
  it("needs a name, an e-mail address and a message", () => {
    expect(validate("contact", contactSchema, { name: "Sam", email: "sam@example.com", message: "Hi" }).ok).toBe(true);
    expect(validate("contact", contactSchema, { name: "Sam", email: "sam@example.com" })).toMatchObject({ ok: false, incomplete: true });
  });
});

describe("control characters", () => {
  // A carriage return, a bell and a next line (C1): none of them is text anyone types into a form.
  const typed = "Nguyễn\r\nThị\u0007 Hoa\u0085";

  it("are stripped from a single-line field, whose line breaks and tabs become spaces", () => {
    expect(checkQuote({ ...quote, fullName: typed })).toMatchObject({ ok: true, data: { fullName: "Nguyễn Thị Hoa" } });
    expect(checkQuote({ ...quote, fullName: "Jane\rCitizen", eventLocation: "Werribee\tPark\u009b" })).toMatchObject({ ok: true, data: { fullName: "Jane Citizen", eventLocation: "Werribee Park" } });
    const details = { startTime: "18:30", venueAddress: "12 Station\r\nPlace", contactName: "Lan\u0000", contactMobile: "0412 345 678", printLine1: "Lan\u001b[31m & Minh\u007f", printLine2: "" };
    expect(eventDetailsSchema.parse(details)).toMatchObject({ venueAddress: "12 Station Place", contactName: "Lan", printLine1: "Lan[31m & Minh" });
    expect(acceptTermsSchema.parse({ accept: "on", signature: typed, termsSha256: "0".repeat(64) }).signature).toBe("Nguyễn Thị Hoa");
    expect(approveProofSchema.parse({ proofVersion: "1", approver: typed }).approver).toBe("Nguyễn Thị Hoa");
    expect(contactSchema.parse({ name: typed, email: "sam@example.com", message: "Hi" }).name).toBe("Nguyễn Thị Hoa");
  });

  it("are refused, not dropped, in a field with a format", () => {
    expect(contactSchema.safeParse({ name: "Sam", email: "sam\u0007@example.com", message: "Hi" }).success).toBe(false);
    const details = { startTime: "18:30", venueAddress: "12 Station Place", contactName: "Lan", contactMobile: "0412 345 678\u0085" };
    expect(eventDetailsSchema.safeParse(details).success).toBe(false);
  });

  it("are stripped from a multi-line field, which keeps its line feeds and tabs and loses its carriage returns", () => {
    const message = "Hello,\r\n\tGuests: 60\u0007\rParking\u0085 at the rear";
    const kept = "Hello,\n\tGuests: 60\nParking at the rear";
    expect(checkQuote({ ...quote, message })).toMatchObject({ ok: true, data: { message: kept } });
    expect(checkBooking({ ...booking, message })).toMatchObject({ ok: true, data: { message: kept } });
    expect(contactSchema.parse({ name: "Sam", email: "sam@example.com", message }).message).toBe(kept);
    expect(eventDetailsSchema.parse({ startTime: "18:30", venueAddress: "12 Station Place", contactName: "Lan", contactMobile: "0412 345 678", accessNotes: message }).accessNotes).toBe(kept);
    expect(proofChangesSchema.parse({ proofVersion: "1", comment: message }).comment).toBe(kept);
    expect(proofUploadSchema.parse({ note: message }).note).toBe(kept);
  });

  it("count for nothing: a name of control characters alone is empty", () => {
    expect(checkQuote({ ...quote, fullName: "\r\u0007\u0085" })).toMatchObject({ ok: false, incomplete: false, error: "Please enter your full name." });
  });
});
