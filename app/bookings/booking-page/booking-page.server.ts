/**
 * What the client's booking page shows (the private invoice address): where the booking stands and
 * the next step, the invoice and payments, the terms to accept or the acceptance, the event's
 * details as a form or, once locked, as rows, the add-ons and the form that changes them, and the
 * print design's latest proof. After the event it is a keepsake (record/photos.ts): the photos
 * first, the receipt and the details, and no change offered. Secrets and the owner's notes stay on
 * the server.
 */
import { addOnsView } from "~/bookings/booking-page/add-ons.server";
import { planView } from "~/bookings/booking-page/payment-plan.server";
import { autopayView } from "~/bookings/booking-page/autopay.server";
import { acceptedTermsPath, documentPdfPath, cancelPath, invoiceCalendarPath, invoicePdfPath, logoPath, movePath } from "~/bookings/record/addresses";
import { adjustedWords, documentTitle } from "~/bookings/invoice/billing-documents";
import { issuedDocuments } from "~/bookings/invoice/issued-documents";
import { amountsDue, formatCents } from "~/bookings/record/amounts";
import { cancellationNow, describeCancellation } from "~/bookings/record/cancellation";
import { cancellable } from "~/bookings/changes/changes.server";
import { moveWindow } from "~/bookings/changes/date-move";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
import { bookingTerms, signedText } from "~/bookings/booking-page/booking-terms.server";
import { checkoutPath, checkoutReturnOf } from "~/bookings/payments/checkout.server";
import { detailRows, finishTime, formatTime, type EventDetails } from "~/bookings/record/event-details";
import { detailsLockedReason } from "~/bookings/booking-page/event-details.server";
import { invoiceView } from "~/bookings/invoice/invoice-view";
import { heldByMoney, holdsBooth } from "~/bookings/record/lifecycle";
import { isKeepsake } from "~/bookings/record/photos";
import { keepDateView } from "~/bookings/booking-page/keep-date.server";
import { nextStep } from "~/bookings/booking-page/next-step";
import { paymentView } from "~/bookings/payments/payment-view";
import { proofView } from "~/bookings/proofs/proof-view";
import { acceptanceLine } from "~/bookings/record/terms-acceptance";
import { cancellationInOneLine } from "~/content/cancellation.server";
import type { FormValues } from "~/input/fields";
import type { Services } from "~/types/services";
import { formatDateInWords } from "~/utils/date-words";
import { melbourneToday } from "~/utils/melbourne-time";

/** Moving and cancelling, or what came of a cancellation: its figures, the refunds, and each document issued since the invoice. */
function changesView(booking: BookingRecord, secret: string, today: string) {
  const { invoiceNumber, cancellation } = booking;
  const window = moveWindow(booking, today);
  return {
    movePath: window.open ? movePath(invoiceNumber, secret) : null,
    moveClosed: window.open ? null : window.reason,
    cancelPath: cancellable(booking, today) ? cancelPath(invoiceNumber, secret) : null,
    cancelled: cancellation ? describeCancellation(cancellationNow(cancellation, booking), `on ${formatDateInWords(melbourneToday(new Date(cancellation.at)))}`) : null,
    owedBack: amountsDue(billableOf(booking)).refundOwedCents,
    // A card refund Stripe has not finished: on its way, not yet back.
    pendingBack: (booking.refunds ?? []).filter((refund) => refund.pending).reduce((sum, refund) => sum + refund.amountCents, 0),
    documents: issuedDocuments(booking)
      .slice(1)
      .map((document) => ({
        title: documentTitle(document),
        issuedOn: formatDateInWords(document.issuedOn),
        what: `${document.reason ?? ""}${document.adjusts ? ` (adjusts ${adjustedWords(document.adjusts)})` : ""}`,
        amount: `${document.kind === "adjustment" ? "−" : ""}${formatCents(document.totalCents)}`,
        gst: formatCents(document.gstCents),
        path: documentPdfPath(invoiceNumber, document.number, secret),
      })),
  };
}

/** The saved details as the form's starting values. */
function detailValues(details: EventDetails | undefined): FormValues {
  if (!details) return {};
  const { startTime, venueAddress, contactName, contactMobile, accessNotes, printLines } = details;
  return { startTime, venueAddress, contactName, contactMobile, accessNotes, printLine1: printLines[0] ?? "", printLine2: printLines[1] ?? "" };
}

export async function bookingPageView(services: Pick<Services, "config" | "now" | "kv" | "holds">, booking: BookingRecord, secret: string, query: URLSearchParams) {
  const today = melbourneToday(services.now());
  const { invoiceNumber, acceptance, eventDetails } = booking;
  const locked = detailsLockedReason(booking, today);
  const terms = bookingTerms(booking);
  return {
    invoice: invoiceView(booking),
    step: nextStep(booking, today),
    payFirst: {
      cancellation: cancellationInOneLine,
      // The date is held without payment until the deposit's due date (docs/product-decisions.md, "Availability and the booking lifecycle").
      heldUntil: heldByMoney(booking) && holdsBooth(booking.status) ? amountsDue(billableOf(booking)).depositDueOn : null,
    },
    photos: booking.photos ? { url: booking.photos.url } : null,
    keepsake: isKeepsake(booking, today),
    keep: await keepDateView(booking, secret, query),
    pdfPath: invoicePdfPath(invoiceNumber, secret),
    calendarPath: invoiceCalendarPath(invoiceNumber, secret),
    payment: paymentView(billableOf(booking), {
      // Card checkout is offered only when a Stripe secret key is configured.
      checkoutPath: services.config.STRIPE_SECRET_KEY ? checkoutPath(invoiceNumber, secret) : null,
      returned: checkoutReturnOf(query.get("checkout")),
    }),
    terms: {
      document: terms,
      // The accept form posts it back: the acceptance must be of this text (acceptance.server.ts).
      sha256: (await signedText(terms)).sha256,
      accepted: acceptance ? { line: acceptanceLine(acceptance), copyPath: acceptedTermsPath(invoiceNumber, secret) } : null,
      canAccept: holdsBooth(booking.status),
    },
    changes: changesView(booking, secret, today),
    addOns: await addOnsView(services, booking, today),
    plan: planView(booking),
    autopay: await autopayView(services, booking, secret, query),
    details: {
      values: detailValues(eventDetails),
      rows: eventDetails ? detailRows(eventDetails, booking) : [],
      finishesAt: eventDetails ? formatTime(finishTime(eventDetails.startTime, booking)) : null,
      logoPath: eventDetails?.logo ? logoPath(invoiceNumber, secret) : null,
      locked,
    },
    proof: proofView(booking, secret, today),
  };
}

export type BookingPageView = Awaited<ReturnType<typeof bookingPageView>>;
