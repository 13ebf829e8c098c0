/**
 * Which reminders a booking is due on a given Melbourne day (docs/product-decisions.md, "Reminders
 * and the owner's agenda"). Pure: the schedule asks it for every booking, the tests for every rule.
 * Each reminder has a name unique within the booking (its kind and the date it is about), so the
 * e-mail queue sends it at most once, and a moved booking's reminders follow its new date.
 */
import { reminders } from "~/business";
import { amountsDue } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import { instalmentsPaid } from "~/bookings/record/payment-plan";
import { autopayOf } from "~/bookings/record/autopay";
import type { BookingRecord } from "~/bookings/record/booking";
import { missingDetails } from "~/bookings/record/event-details";
import { keptItsDate } from "~/bookings/record/lifecycle";
import { approveBy, proofStatus } from "~/bookings/record/proofs";
import { addDays, melbourneToday } from "~/utils/melbourne-time";

export type ReminderKind = "deposit-due" | "balance-due" | "instalment-due" | "autopay-notice" | "overdue" | "details" | "proof" | "day-before" | "thank-you";

export interface Reminder {
  kind: ReminderKind;
  /** The e-mail's name within the booking: the kind and the date it is about. */
  name: string;
  /** The day it belongs to (Melbourne). */
  day: string;
  /** The due date or event date it is about. */
  about: string;
}

type Remindable = Pick<
  BookingRecord,
  "status" | "history" | "issuedOn" | "eventDate" | "totalCents" | "payments" | "movedOn" | "cancellation" | "refunds" | "acceptance" | "eventDetails" | "proofs" | "paymentPlan" | "autopay" | "autopayStopped"
>;

/** Confirmed, or completed after being confirmed: the schedule may complete it before or after the thank-you's run. */
const wasConfirmed = (booking: Remindable) => booking.status === "confirmed" || (booking.status === "completed" && booking.history.some((change) => change.status === "confirmed"));

/** The schedule of `reminders` in the business module, each kind on or off. */
export type ReminderRules = Pick<typeof reminders, "balanceNoticeDays" | "autopayNoticeDays" | "overdueAfterDays" | "detailsDaysBefore" | "proofDaysBefore" | "catchUpDays"> & {
  send: Record<keyof typeof reminders.send, boolean>;
};

/** A reminder that might be due: whether it is wanted, whether it goes even to a booking made on its day, and the last day it may go out. */
type Candidate = Reminder & { enabled: boolean; late: boolean; lastDay: string };

function candidates(booking: Remindable, rules: ReminderRules): Candidate[] {
  const due = amountsDue(billableOf(booking));
  // A monthly plan's instalments each get the balance's reminders, before, on and after their own dates, while short.
  const unpaidInstalments = instalmentsPaid(billableOf(booking)).filter((instalment) => !instalment.paid);
  const planned = booking.paymentPlan?.option === "monthly";
  const unpaid = due.paidCents === 0;
  const owing = due.owingCents > 0;
  const depositOwing = due.paidCents < due.depositCents && !due.dueInFull;
  // A missed morning is made good the next (catchUpDays), unless that is too late for what the e-mail says.
  const reminder = (kind: ReminderKind, day: string, about: string, enabled: boolean, { late = false, lastDay = addDays(day, rules.catchUpDays) } = {}): Candidate => ({
    kind,
    name: `reminder-${kind}-${about}`,
    day,
    about,
    enabled,
    late,
    lastDay,
  });
  const detailsLacking = !booking.acceptance || missingDetails(booking.eventDetails).length > 0;
  const proofBy = approveBy(booking.eventDate);
  const proofWaiting = proofStatus(booking.proofs).state === "waiting";
  // While autopay is on it charges every instalment (a declined one is tried again): the notice
  // before each charge replaces their reminders, and none is overdue. Once it stops (the last try
  // failed, or it was turned off), their reminders apply again, an overdue one from that day.
  const autopayOn = !!autopayOf(booking);
  const stoppedOn = booking.autopayStopped ? melbourneToday(new Date(booking.autopayStopped.at)) : null;
  const balanceDates = planned ? (autopayOn ? [] : unpaidInstalments.map((instalment) => instalment.dueOn)) : owing ? [due.balanceDueOn] : [];
  const overdueDay = (date: string) => {
    const day = addDays(date, rules.overdueAfterDays);
    return stoppedOn && stoppedOn > day && balanceDates.includes(date) ? stoppedOn : day;
  };
  const overdueDates = [...(depositOwing ? [due.depositDueOn] : []), ...balanceDates];
  return [
    reminder("deposit-due", addDays(due.depositDueOn, -1), due.depositDueOn, rules.send.depositDue && unpaid && !due.dueInFull),
    reminder("balance-due", addDays(due.balanceDueOn, -rules.balanceNoticeDays), `${due.balanceDueOn}-notice`, rules.send.balanceDue && owing && !due.dueInFull && !planned),
    reminder("balance-due", due.balanceDueOn, due.balanceDueOn, rules.send.balanceDue && owing && !planned),
    ...unpaidInstalments.flatMap(({ dueOn }) =>
      autopayOn
        ? [reminder("autopay-notice", addDays(dueOn, -rules.autopayNoticeDays), dueOn, rules.send.balanceDue, { lastDay: addDays(dueOn, -1) })]
        : [
            reminder("instalment-due", addDays(dueOn, -rules.balanceNoticeDays), `${dueOn}-notice`, rules.send.balanceDue && !due.dueInFull),
            reminder("instalment-due", dueOn, dueOn, rules.send.balanceDue),
          ],
    ),
    ...overdueDates.map((date) => reminder("overdue", overdueDay(date), date, rules.send.overdue)),
    ...rules.detailsDaysBefore.map((days) => reminder("details", addDays(booking.eventDate, -days), `${booking.eventDate}-${days}`, rules.send.details && detailsLacking)),
    // The one on the approve-by date says "today", so it is not made good after it.
    ...rules.proofDaysBefore.map((days) => {
      const day = addDays(proofBy, -days);
      return reminder("proof", day, `${proofBy}-${days}`, rules.send.proof && proofWaiting, { lastDay: days ? addDays(day, rules.catchUpDays) : day });
    }),
    // The day before is sent even to a booking made that late: it says what to have ready. It says
    // "tomorrow", so it is never sent on the event's day or after, not even as a catch-up.
    reminder("day-before", addDays(booking.eventDate, -1), booking.eventDate, rules.send.dayBefore, { late: true, lastDay: addDays(booking.eventDate, -1) }),
    reminder("thank-you", addDays(booking.eventDate, 1), booking.eventDate, rules.send.thankYou && wasConfirmed(booking)),
  ];
}

/**
 * The reminders due on `today`: their day has come and their last day has not passed (a missed
 * morning is made good the next, the day before's never on the event's day), and it came after
 * the day the booking was made or moved: that day's morning run had already passed, and the client
 * has just been sent the booking page.
 */
export function dueReminders(booking: Remindable, today: string, rules: ReminderRules = reminders): Reminder[] {
  if (!keptItsDate(booking.status)) return [];
  const bookedOn = booking.movedOn && booking.movedOn > booking.issuedOn ? booking.movedOn : booking.issuedOn;
  return candidates(booking, rules)
    .filter((candidate) => candidate.enabled)
    .filter((candidate) => candidate.day <= today && today <= candidate.lastDay)
    .filter((candidate) => candidate.late || candidate.day > bookedOn)
    .map(({ kind, name, day, about }) => ({ kind, name, day, about }));
}
