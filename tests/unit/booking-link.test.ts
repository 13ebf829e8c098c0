/**
 * "Send me my booking link" (docs/product-decisions.md, "Links and what each may do"): whoever
 * asks, one booking's client gets at most one such e-mail an hour and three a day, each one line
 * of the booking's e-mail record, and none for a booking that gave its date up more than 30 days ago.
 */
import { describe, expect, it } from "vitest";
import { mailBookingLink } from "~/bookings/booking-page/lost-link.server";
import type { BookingRecord } from "~/bookings/record/booking";
import type { DeliveryChange } from "~/mail/deliveries.server";
import type { MailMessage } from "~/mail/message";
import type { SubmissionLimits } from "~/rate-limit.server";
import type { Services } from "~/types/services";
import { countOf, taken } from "../../workers/submission-limits";

const booking = {
  invoiceNumber: "PB-20290317-123",
  invoiceSecret: "secret",
  eventDate: "2029-03-17",
  email: "hoa@example.com",
  fullName: "Hoa",
  boothType: "Glam Booth",
  status: "confirmed",
  history: [{ status: "requested", at: "2029-01-01T00:00:00.000Z", by: "client" }],
} as unknown as BookingRecord;

/** The link's dependencies, with the submission limits' object's own counting kept in a map, and a clock the test moves. */
function fakeServices() {
  const counts = new Map<string, ReturnType<typeof countOf>>();
  const limits: SubmissionLimits = {
    take: async (visitor, at, spans) => {
      const keys = spans.map(({ form }) => `${visitor} ${form}`);
      const after = taken(keys.map((key) => countOf(counts.get(key))), at, spans);
      keys.forEach((key, i) => after && counts.set(key, after[i]!));
      return Boolean(after);
    },
  };
  const record: string[] = [];
  const sent: MailMessage[] = [];
  let now = new Date("2029-02-01T10:00:00.000Z");
  const services = {
    config: { SITE_ORIGIN: "https://photobooths.test", OWNER_EMAIL: "owner@example.com" },
    submissionLimits: limits,
    deliveries: {
      update: async (_key: string, change: DeliveryChange) => {
        const entries = "entries" in change ? change.entries : {};
        const fresh = Object.fromEntries(Object.entries(entries).filter(([name]) => !record.includes(name)));
        record.push(...Object.keys(fresh));
        return fresh;
      },
      read: async () => ({}),
    },
    mailQueue: { sendBatch: async (batch: { body: MailMessage }[]) => void sent.push(...batch.map(({ body }) => body)) },
    now: () => now,
  } as unknown as Services;
  const at = async (instant: string, of: BookingRecord = booking) => {
    now = new Date(instant);
    return mailBookingLink(services, of);
  };
  return { at, sent, record };
}

describe("Send me my booking link, per booking", () => {
  it("sends at most once an hour and three times a day, each send one line of the e-mail record", async () => {
    const { at, sent, record } = fakeServices();
    expect(await at("2029-02-01T10:00:00.000Z")).toBe(true);
    expect(await at("2029-02-01T10:10:00.000Z")).toBe(false);
    expect(await at("2029-02-01T10:59:00.000Z")).toBe(false);
    expect(await at("2029-02-01T11:01:00.000Z")).toBe(true);
    expect(await at("2029-02-01T12:01:00.000Z")).toBe(true);
    // A fourth within the day, an hour on: refused, however often it is asked.
    for (const hour of ["13", "14", "20"]) expect(await at(`2029-02-01T${hour}:05:00.000Z`)).toBe(false);
    // Three in any 24 hours: the next is a day after the first, not the next day of the calendar.
    expect(await at("2029-02-02T09:59:59.000Z")).toBe(false);
    expect(await at("2029-02-02T10:00:00.001Z")).toBe(true);
    expect(sent).toHaveLength(4);
    expect(record).toHaveLength(4);
    expect(sent.every((message) => message.mail.to.email === booking.email && message.mail.text.includes(`/invoice/${booking.invoiceNumber}?key=secret`))).toBe(true);
  });

  it("sends none for a booking that gave its date up more than 30 days ago", async () => {
    const declined = { ...booking, status: "declined", history: [...booking.history, { status: "declined", at: "2029-01-02T00:00:00.000Z", by: "owner" }] } as BookingRecord;
    const { at, sent } = fakeServices();
    expect(await at("2029-01-31T23:00:00.000Z", declined)).toBe(true);
    expect(await at("2029-02-01T01:00:00.000Z", declined)).toBe(false);
    expect(sent).toHaveLength(1);
    // A booking that kept its date to its event is its client's keepsake, long after.
    const completed = { ...booking, status: "completed", history: [...booking.history, { status: "completed", at: "2029-01-02T00:00:00.000Z", by: "schedule" }] } as BookingRecord;
    expect(await fakeServices().at("2029-06-01T00:00:00.000Z", completed)).toBe(true);
  });
});
