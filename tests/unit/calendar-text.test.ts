/**
 * Text in both calendar files (the client's event and the owner's feed) as a calendar app reads it
 * back: a carriage return or another control character in a stored name or place does not end a
 * line or add a property, and names in any script come back as written.
 */
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { ownerCalendar } from "~/agenda/feed.server";
import { calendarEvent } from "~/bookings/invoice/calendar-event.server";
import { calendarText } from "~/bookings/invoice/calendar-parts";
import type { BookingRecord } from "~/bookings/record/booking";

const origin = "https://photobooths.test";

function booking(overrides: Partial<BookingRecord>): BookingRecord {
  return {
    kind: "booking",
    invoiceNumber: "PB-20290101-123",
    invoiceSecret: "s3cret-key-of-the-client",
    status: "confirmed",
    history: [{ status: "requested", at: "2029-01-01T01:00:00.000Z", by: "client" }],
    fullName: "Jane Citizen",
    email: "jane@example.com",
    phoneNumber: "0400 111 222",
    boothType: "Open Booth",
    packageDuration: "3 Hours",
    eventLocation: "Footscray",
    receivedAt: "2029-01-01T01:00:00.000Z",
    issuedOn: "2029-01-01",
    eventDate: "2029-03-17",
    totalCents: 75_400,
    payments: [],
    emailDelivery: {},
    ...overrides,
  } as BookingRecord;
}

/** The file's only event, parsed as a calendar app parses it, and the file's lines unfolded. */
function read(text: string): { event: ICAL.Event; lines: string[] } {
  const vevents = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vevent");
  expect(vevents).toHaveLength(1);
  return { event: new ICAL.Event(vevents[0]!), lines: text.replace(/\r\n[ \t]/g, "").split("\r\n") };
}

const names = [
  { script: "Vietnamese", name: "Nguyễn\rThị Ánh Tuyết", place: "Nhà hàng Phở Hà Nội\r\nQuận 1" },
  { script: "Chinese", name: "王\r小明", place: "北京饭店\rDTSTART:20200101" },
  { script: "Greek", name: "Σοφία\u0000 Παπαδοπούλου\u0085", place: "Αθήνα\u0007\nBEGIN:VEVENT" },
];

describe("calendar text", () => {
  it("turns every line end into a line feed, a tab into a space, and drops other control characters", () => {
    expect(calendarText("a\rb\r\nc\nd\u0085e\tf\u0000g\u007fh\u009bi")).toBe("a\nb\nc\nd\ne fghi");
  });

  for (const { script, name, place } of names) {
    it(`keeps the client's event one well-formed event with a ${script} place holding control characters`, () => {
      const { event, lines } = read(calendarEvent(booking({ fullName: name, eventLocation: place }), origin));
      expect(lines.filter((line) => /\p{Cc}/u.test(line))).toEqual([]);
      expect(event.location).toBe(calendarText(place));
      expect(event.startDate.toString()).toBe("2029-03-17");
    });

    it(`keeps the owner's feed one well-formed event with a ${script} name and place holding control characters`, () => {
      const record = booking({ fullName: name, eventDetails: { startTime: "17:30", venueAddress: place, contactName: name, contactMobile: "0412 345 678", printLines: [], accessNotes: `Gate\r${name}`, updatedAt: "2029-01-02T00:00:00.000Z" } });
      const { event, lines } = read(ownerCalendar([record], origin, new Map()));
      expect(lines.filter((line) => /\p{Cc}/u.test(line))).toEqual([]);
      expect(event.summary).toBe(`Open Booth: ${calendarText(name)} (PB-20290101-123)`);
      expect(event.location).toBe(calendarText(place));
      expect(event.description).toContain(`Contact on the day: ${calendarText(name)}, 0412 345 678`);
      expect(event.description).toContain(`Access: Gate\n${calendarText(name)}`);
    });
  }

  it("gives the client's event and the owner's feed the same times: 17:30 in Melbourne for the hours booked", () => {
    const record = booking({ eventDetails: { startTime: "17:30", venueAddress: "Footscray", contactName: "Jane", contactMobile: "0412 345 678", printLines: [], accessNotes: "", updatedAt: "2029-01-02T00:00:00.000Z" } });
    const client = read(calendarEvent(record, origin)).event;
    const owner = read(ownerCalendar([record], origin, new Map())).event;
    // 17 March 2029 is in daylight time: Melbourne is 11 hours ahead of UTC.
    expect(client.startDate.toJSDate().toISOString()).toBe("2029-03-17T06:30:00.000Z");
    expect(client.endDate.toJSDate().toISOString()).toBe("2029-03-17T09:30:00.000Z");
    expect([owner.startDate.toString(), owner.endDate.toString(), owner.uid, owner.sequence]).toEqual([client.startDate.toString(), client.endDate.toString(), client.uid, client.sequence]);
  });
});
