/**
 * Where a booking stands and what the client should do next, in one sentence at the top of their
 * booking page. Pure: the page and the tests ask it about a booking on a given day.
 */
import { amountsDue, formatCents } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
import { missingDetails } from "~/bookings/record/event-details";
import { paymentKindWords } from "~/bookings/record/payment-words";
import { isKeepsake, keepsakeWords } from "~/bookings/record/photos";
import { approveBy, proofAnswersOpen, proofStatus } from "~/bookings/record/proofs";
import { formatDateInWords } from "~/utils/date-words";

export type StepKind = "closed" | "accept" | "pay" | "details" | "proof" | "done";

export interface NextStep {
  kind: StepKind;
  /** The sentence the page opens with. */
  headline: string;
  /** The id of the page's section where the client takes the step (the page is long on a phone). */
  section?: string;
}

const closedHeadlines = {
  declined: "This booking could not be accepted: nothing is owed.",
  cancelled: "This booking is cancelled.",
  expired: "This booking request has expired, and the date is free again.",
} as const;

type Standing = Pick<BookingRecord, "status" | "acceptance" | "eventDetails" | "totalCents" | "issuedOn" | "eventDate" | "payments" | "proofs" | "photos">;

export function nextStep(booking: Standing, today: string): NextStep {
  const due = amountsDue(billableOf(booking));
  // After its event (by its date, whether the schedule has completed it yet or not) a booking is a keepsake: nothing is asked of the client but what is still owed.
  if (booking.status === "completed" || isKeepsake(booking, today)) {
    if (due.owingNow) return { kind: "pay", headline: `${paymentKindWords[due.owingNow.kind].name} of ${formatCents(due.owingNow.amountCents)} still owing`, section: "payments" };
    return { kind: "done", headline: keepsakeWords(booking), ...(booking.photos ? { section: "photos" } : {}) };
  }
  if (booking.status !== "requested" && booking.status !== "confirmed") return { kind: "closed", headline: closedHeadlines[booking.status] };
  if (!booking.acceptance && booking.status === "requested") return { kind: "accept", headline: "Accept the terms to confirm your booking", section: "terms" };
  const dueOn = due.owingNow?.kind === "deposit" ? due.depositDueOn : due.balanceDueOn;
  // The deposit secures the date, so it comes before the details; the balance only once it is due soon.
  if (due.owingNow && (due.owingNow.kind !== "balance" || dueOn <= today)) {
    const late = dueOn < today ? " (overdue)" : "";
    return { kind: "pay", headline: `${paymentKindWords[due.owingNow.kind].name} of ${formatCents(due.owingNow.amountCents)} due by ${formatDateInWords(dueOn)}${late}`, section: "payments" };
  }
  if (missingDetails(booking.eventDetails).length) return { kind: "details", headline: "Tell us about your event", section: "details" };
  const proof = proofStatus(booking.proofs);
  if (proof.state === "waiting" && proofAnswersOpen(booking.eventDate, today)) {
    return { kind: "proof", headline: `Approve your print design (version ${proof.proof.version}) or ask for changes by ${formatDateInWords(approveBy(booking.eventDate))}`, section: "proof" };
  }
  if (due.owingNow) return { kind: "pay", headline: `Balance of ${formatCents(due.owingNow.amountCents)} due by ${formatDateInWords(dueOn)}`, section: "payments" };
  return { kind: "done", headline: `All set: see you on ${formatDateInWords(booking.eventDate)}` };
}
