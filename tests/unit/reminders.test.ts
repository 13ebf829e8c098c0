import { describe, expect, it } from "vitest";
import { reminders } from "~/business";
import type { Payment } from "~/bookings/record/amounts";
import type { BookingRecord } from "~/bookings/record/booking";
import type { EventDetails } from "~/bookings/record/event-details";
import { dueReminders, type Reminder, type ReminderRules } from "~/reminders/due";
import { reminderMails } from "~/reminders/mails.server";
import { addDays } from "~/utils/melbourne-time";

// $754.00 in all: a $227.00 deposit due a week after the invoice, the balance 14 days before the event.
const totalCents = 75_400;
const depositCents = 22_700;
const issuedOn = "2026-10-01";
const eventDate = "2026-12-19";
const details: EventDetails = { startTime: "18:00", venueAddress: "1 Nicholson St, Footscray VIC 3011", contactName: "Nguyễn Thị Hoa", contactMobile: "0412 345 678", printLines: [], accessNotes: "", updatedAt: "2026-11-21T00:00:00.000Z" };

function booking(overrides: Partial<BookingRecord> = {}, paid: number[] = []): BookingRecord {
  const payments: Payment[] = paid.map((amountCents, index) => ({ sessionId: `cs_${index}`, kind: index ? "balance" : "deposit", amountCents, currency: "AUD", paidAt: "2026-10-02T00:00:00.000Z" }));
  return { status: "confirmed", issuedOn, eventDate, totalCents, payments, ...overrides } as BookingRecord;
}

/** Every reminder the booking gets from the morning runs of `from` to `to` (by default, from the morning after it was booked), as "day: names". */
function calendarOf(record: BookingRecord, from = addDays(record.issuedOn, 1), to = addDays(record.eventDate, 4), rules: ReminderRules = reminders): string[] {
  const sent = new Set<string>();
  const lines: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    // The schedule skips what the booking's e-mail record already holds; this does the same.
    const due = dueReminders(record, day, rules).filter((reminder) => !sent.has(reminder.name));
    for (const reminder of due) sent.add(reminder.name);
    if (due.length) lines.push(`${day}: ${due.map((reminder) => reminder.name).join(", ")}`);
  }
  return lines;
}

describe("the reminders a booking gets", () => {
  it("sends each kind on its own day, once, to a confirmed booking with nothing paid and no details", () => {
    expect(calendarOf(booking())).toEqual([
      "2026-10-07: reminder-deposit-due-2026-10-08",
      "2026-10-10: reminder-overdue-2026-10-08",
      "2026-11-21: reminder-details-2026-12-19-28",
      "2026-11-28: reminder-balance-due-2026-12-05-notice",
      "2026-12-05: reminder-balance-due-2026-12-05, reminder-details-2026-12-19-14",
      "2026-12-07: reminder-overdue-2026-12-05",
      "2026-12-18: reminder-day-before-2026-12-19",
      "2026-12-20: reminder-thank-you-2026-12-19",
    ]);
  });

  it("stops the deposit reminders once the deposit is paid, and every payment reminder once it is all paid", () => {
    const payments = (lines: string[]) => lines.filter((line) => /deposit-due|balance-due|overdue/.test(line));
    expect(payments(calendarOf(booking({}, [depositCents])))).toEqual([
      "2026-11-28: reminder-balance-due-2026-12-05-notice",
      "2026-12-05: reminder-balance-due-2026-12-05, reminder-details-2026-12-19-14",
      "2026-12-07: reminder-overdue-2026-12-05",
    ]);
    expect(payments(calendarOf(booking({}, [depositCents, totalCents - depositCents])))).toEqual([]);
  });

  it("asks for the details only while the terms are not accepted or a detail is missing", () => {
    const accepted = { acceptance: { at: "2026-10-02T00:00:00.000Z" } } as Partial<BookingRecord>;
    const detailsOf = (record: BookingRecord) => calendarOf(record).flatMap((line) => line.match(/reminder-details-\S+?(?=,|$)/g) ?? []);
    expect(detailsOf(booking(accepted))).toEqual(["reminder-details-2026-12-19-28", "reminder-details-2026-12-19-14"]);
    expect(detailsOf(booking({ eventDetails: details }))).toEqual(["reminder-details-2026-12-19-28", "reminder-details-2026-12-19-14"]);
    expect(detailsOf(booking({ ...accepted, eventDetails: { ...details, venueAddress: "" } }))).toHaveLength(2);
    expect(detailsOf(booking({ ...accepted, eventDetails: details }))).toEqual([]);
  });

  it("skips what was due before the booking was made, but still sends the day before", () => {
    // Booked 10 days before the event: due in full at once, no details reminders.
    expect(calendarOf(booking({ issuedOn: addDays(eventDate, -10) }))).toEqual([
      "2026-12-11: reminder-overdue-2026-12-09",
      "2026-12-18: reminder-day-before-2026-12-19",
      "2026-12-20: reminder-thank-you-2026-12-19",
    ]);
    // Booked the day before, before that morning's run: the run sends it.
    const dayBefore = booking({ issuedOn: addDays(eventDate, -1) }, [totalCents]);
    expect(calendarOf(dayBefore, dayBefore.issuedOn)).toEqual(["2026-12-18: reminder-day-before-2026-12-19", "2026-12-20: reminder-thank-you-2026-12-19"]);
    // Booked after it: the next morning is the event's, too late for "tomorrow".
    expect(calendarOf(dayBefore)).toEqual(["2026-12-20: reminder-thank-you-2026-12-19"]);
  });

  it("never sends the day before on the event's day or after, however the booking and the missed mornings fall", () => {
    for (let bookedBefore = 0; bookedBefore <= 3; bookedBefore++) {
      const record = booking({ issuedOn: addDays(eventDate, -bookedBefore) }, [totalCents]);
      for (let day = eventDate; day <= addDays(eventDate, 3); day = addDays(day, 1)) {
        expect(dueReminders(record, day).map((reminder) => reminder.kind)).not.toContain("day-before");
      }
    }
  });

  it("sends nothing to a booking that does not hold a booth, and no thank-you to a request never confirmed", () => {
    for (const status of ["cancelled", "declined", "expired"] as const) expect(calendarOf(booking({ status }))).toEqual([]);
    const requested = calendarOf(booking({ status: "requested" }));
    expect(requested.join("\n")).not.toMatch(/thank-you/);
    expect(requested.join("\n")).toMatch(/day-before/);
  });

  it("follows a moved booking to its new date, counting from the day it moved", () => {
    const moved = booking({ eventDate: "2027-02-13", movedOn: "2026-12-01" }, [depositCents]);
    expect(calendarOf(moved, "2026-12-02", "2027-02-20")).toEqual([
      "2027-01-16: reminder-details-2027-02-13-28",
      "2027-01-23: reminder-balance-due-2027-01-30-notice",
      "2027-01-30: reminder-balance-due-2027-01-30, reminder-details-2027-02-13-14",
      "2027-02-01: reminder-overdue-2027-01-30",
      "2027-02-12: reminder-day-before-2027-02-13",
      "2027-02-14: reminder-thank-you-2027-02-13",
    ]);
  });

  it("makes a missed morning good the next day, but not later, and the day before not on the event's day", () => {
    const record = booking();
    const names = (today: string) => dueReminders(record, today).map((reminder) => reminder.name);
    expect(names("2026-11-22")).toContain("reminder-details-2026-12-19-28");
    expect(names("2026-11-23")).not.toContain("reminder-details-2026-12-19-28");
    expect(names("2026-12-18")).toContain("reminder-day-before-2026-12-19");
    expect(names("2026-12-19")).not.toContain("reminder-day-before-2026-12-19");
  });

  it("sends no kind that is switched off in the business module", () => {
    const rules = { ...reminders, send: { ...reminders.send, details: false, thankYou: false } };
    const lines = calendarOf(booking(), undefined, undefined, rules).join("\n");
    expect(lines).not.toMatch(/details|thank-you/);
    expect(lines).toMatch(/deposit-due/);
  });
});

describe("what the reminders say", () => {
  const client = { fullName: "Nguyễn Thị Hoa", email: "hoa@example.com", phoneNumber: "0400 111 222", eventLocation: "Footscray", service: "Photo booth hire", invoiceNumber: "INV-2001", boothType: "Open Booth", packageDuration: "3 Hours", emailDelivery: {} } as Partial<BookingRecord>;
  const page = "https://bluestone.example/invoice/INV-2001?key=s3cret";
  const cancel = { label: "Cancel INV-2001", url: "https://bluestone.example/owner/INV-2001/cancel?sig=abc" };
  const mailsOn = (record: BookingRecord, today: string) => {
    const [reminder] = dueReminders(record, today) as [Reminder];
    return reminderMails(reminder, record, { page, ownerPage: cancel }, "owner@example.com");
  };

  it("gives the day before the times, the venue, the contact, what the venue needs and the phone number", () => {
    const mails = mailsOn(booking({ ...client, eventDetails: details }), "2026-12-18");
    const mail = mails["reminder-day-before-2026-12-19"]!;
    expect(mail.to.email).toBe("hoa@example.com");
    expect(mail.subject).toMatch(/^Your photo booth on Saturday 19 December 2026: what to have ready/);
    for (const words of ["6:00 pm", "9:00 pm", "1 Nicholson St, Footscray VIC 3011", "Nguyễn Thị Hoa, 0412 345 678", "flat, dry surface", "within 5 metres", "3m x 3m", page]) expect(mail.text).toContain(words);
    expect(mail.text).toMatch(/Call us on \d/);
  });

  it("asks only for what is missing", () => {
    const accepted = { acceptance: { at: "2026-10-02T00:00:00.000Z" } } as Partial<BookingRecord>;
    const mail = mailsOn(booking({ ...client, ...accepted, eventDetails: { ...details, startTime: "" } }), "2026-11-21")["reminder-details-2026-12-19-28"]!;
    expect(mail.text).toContain("Please tell us the start time on your booking page.");
    const neither = mailsOn(booking(client), "2026-11-21")["reminder-details-2026-12-19-28"]!;
    expect(neither.text).toContain("Please accept the terms and tell us the start time, venue address and contact on the day on your booking page.");
  });

  it("copies an overdue reminder to the owner with the signed Cancel link, and thanks the client with the review link", () => {
    const overdue = mailsOn(booking(client), "2026-10-10");
    expect(Object.keys(overdue)).toEqual(["reminder-overdue-2026-10-08", "reminder-overdue-2026-10-08-owner"]);
    expect(overdue["reminder-overdue-2026-10-08"]!.text).toContain("$227.00");
    expect(overdue["reminder-overdue-2026-10-08-owner"]!.to.email).toBe("owner@example.com");
    expect(overdue["reminder-overdue-2026-10-08-owner"]!.html).toContain(cancel.url);
    expect(overdue["reminder-overdue-2026-10-08"]!.html).not.toContain(cancel.url);
    const thanks = mailsOn(booking(client, [totalCents]), "2026-12-20")["reminder-thank-you-2026-12-19"]!;
    expect(thanks.text).toContain(reminders.reviewUrl);
    expect(thanks.text).toContain(reminders.photosDelivery);
  });
});

describe("a monthly plan with autopay (issue 58)", () => {
  // The deposit paid; the $527.00 balance in two instalments of $263.50, on the balance due date's day of the month.
  const planned = {
    paymentPlan: { option: "monthly", instalments: [{ dueOn: "2026-11-05", amountCents: 26_350 }, { dueOn: "2026-12-05", amountCents: 26_350 }], chosenAt: "2026-10-01T01:00:00.000Z" },
  } as Partial<BookingRecord>;
  const autopay = { customer: "cus_1", saved: { kind: "card", paymentMethod: "pm_1", brand: "visa", last4: "4242", expMonth: 3, expYear: 2029 }, since: "2026-10-02T00:00:00.000Z" } as const;
  const money = (lines: string[]) => lines.map((line) => line.replace(/, reminder-details-[\d-]+|reminder-details-[\d-]+(, )?/g, "")).filter((line) => /instalment|autopay|overdue/.test(line));

  it("sends the three-day notice before each charge in place of the instalment reminders, and nothing overdue while autopay is on", () => {
    expect(money(calendarOf(booking(planned, [depositCents])))).toEqual([
      "2026-10-29: reminder-instalment-due-2026-11-05-notice",
      "2026-11-05: reminder-instalment-due-2026-11-05",
      "2026-11-07: reminder-overdue-2026-11-05",
      "2026-11-28: reminder-instalment-due-2026-12-05-notice",
      "2026-12-05: reminder-instalment-due-2026-12-05",
      "2026-12-07: reminder-overdue-2026-12-05",
    ]);
    expect(money(calendarOf(booking({ ...planned, autopay }, [depositCents])))).toEqual(["2026-11-02: reminder-autopay-notice-2026-11-05", "2026-12-02: reminder-autopay-notice-2026-12-05"]);
  });

  it("holds an instalment in retry as not overdue, and sends its overdue reminder on the day the last try fails; the next one gets its reminders again", () => {
    // Tried on the 5th, the 8th and the 10th of November; the last try fails at 11 am on the 10th, Melbourne time, and autopay stops.
    const retrying = booking({ ...planned, autopay }, [depositCents]);
    expect(money(calendarOf(retrying, "2026-11-05", "2026-11-09"))).toEqual([]);
    const stopped = booking({ ...planned, autopayStopped: { why: "last-try", at: "2026-11-10T00:00:00.000Z" } }, [depositCents]);
    expect(money(calendarOf(stopped, "2026-11-10"))).toEqual([
      "2026-11-10: reminder-overdue-2026-11-05",
      "2026-11-28: reminder-instalment-due-2026-12-05-notice",
      "2026-12-05: reminder-instalment-due-2026-12-05",
      "2026-12-07: reminder-overdue-2026-12-05",
    ]);
  });

  it("says what will be charged, when and to what, with the booking page to pay another way or turn autopay off", () => {
    const record = booking({ ...planned, autopay, fullName: "Nguyễn Thị Hoa", email: "hoa@example.com", phoneNumber: "0400 111 222", eventLocation: "Footscray", service: "Photo booth hire", invoiceNumber: "INV-2001", boothType: "Open Booth", packageDuration: "3 Hours", emailDelivery: {} } as Partial<BookingRecord>, [depositCents]);
    const [notice] = dueReminders(record, "2026-11-02") as [Reminder];
    const mail = reminderMails(notice, record, { page: "https://bluestone.example/invoice/INV-2001?key=s3cret", ownerPage: null }, "owner@example.com")["reminder-autopay-notice-2026-11-05"]!;
    expect(mail.to.email).toBe("hoa@example.com");
    expect(mail.subject).toMatch(/^\$263\.50 will be charged on Thursday 5 November 2026/);
    expect(mail.text).toContain("the instalment of $263.50 for your booking on Saturday 19 December 2026 will be charged on Thursday 5 November 2026 to the Visa card ending 4242, expiring 03/2029");
    expect(mail.text).toContain("To pay it another way first, or to turn autopay off, open your booking page.");
    expect(mail.text).toContain("https://bluestone.example/invoice/INV-2001?key=s3cret");
  });
});
