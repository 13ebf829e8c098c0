/** What each reminder says to the client, always with the booking page's link; an overdue one comes with a copy to the owner. */
import { clientGreeting } from "~/bookings/mails/greeting";
import { business, policy, reminders as rules } from "~/business";
import { amountsDue, formatCents } from "~/bookings/record/amounts";
import { instalmentsPaid } from "~/bookings/record/payment-plan";
import { autopayOf } from "~/bookings/record/autopay";
import { savedMethodInWords } from "~/bookings/record/autopay-words";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
import { bookingDetails } from "~/bookings/record/details";
import { detailRows, missingDetails } from "~/bookings/record/event-details";
import { heldByMoney } from "~/bookings/record/lifecycle";
import { latestProof } from "~/bookings/record/proofs";
import { toClient, toOwner, type Correspondents, type Letter, type Link, type Row } from "~/mail/letter.server";
import type { Mail } from "~/mail/message";
import type { Reminder } from "~/reminders/due";
import { formatDateInWords } from "~/utils/date-words";

const inWords = new Intl.ListFormat("en-AU", { type: "conjunction" });

type Words = Pick<Letter, "subject" | "paragraphs"> & { rows?: Row[] };

function wordsFor(reminder: Reminder, booking: BookingRecord): Words {
  const due = amountsDue(billableOf(booking));
  const owing = formatCents(due.owingNow?.amountCents ?? due.owingCents);
  const event = formatDateInWords(booking.eventDate);
  const on = formatDateInWords(reminder.about.slice(0, 10));
  switch (reminder.kind) {
    case "deposit-due":
      return { subject: `Your deposit is due on ${on}`, paragraphs: [`The deposit of ${formatCents(due.depositCents)} for your booking on ${event} is due by ${on}. It secures your date${heldByMoney(booking) ? ": if nothing is paid by then, the date is released the next morning" : ""}.`] };
    case "balance-due":
      return { subject: `Your balance is due on ${on}`, paragraphs: [`${owing} is still owing for your booking on ${event}, due by ${on}.`] };
    case "instalment-due": {
      const short = instalmentsPaid(billableOf(booking)).find((instalment) => instalment.dueOn === reminder.about.slice(0, 10));
      return { subject: `Your instalment is due on ${on}`, paragraphs: [`The instalment of ${formatCents(short?.shortCents ?? 0)} for your booking on ${event} is due by ${on}. ${owing} is owing now.`] };
    }
    case "autopay-notice": {
      const short = instalmentsPaid(billableOf(booking)).find((instalment) => instalment.dueOn === reminder.about);
      const saved = autopayOf(booking)?.saved;
      const amount = formatCents(short?.shortCents ?? 0);
      return {
        subject: `${amount} will be charged on ${on}`,
        paragraphs: [
          `As you agreed, the instalment of ${amount} for your booking on ${event} will be charged on ${on} to ${saved ? savedMethodInWords(saved) : "the card or PayTo agreement you saved"}. There is nothing you need to do.`,
          "To pay it another way first, or to turn autopay off, open your booking page.",
        ],
      };
    }
    case "overdue":
      return { subject: `Your payment is overdue`, paragraphs: [`${owing} for your booking on ${event} was due on ${on} and has not reached us. Please pay it on your booking page, or call us if something is wrong.`] };
    case "details": {
      const missing = missingDetails(booking.eventDetails);
      const asks = [...(booking.acceptance ? [] : ["accept the terms"]), ...(missing.length ? [`tell us the ${inWords.format(missing)}`] : [])];
      return { subject: `Tell us about your event on ${event}`, paragraphs: [`Your event is coming up. Please ${asks.join(" and ")} on your booking page.`] };
    }
    case "proof": {
      const waiting = latestProof(booking.proofs)?.version ?? 1;
      const when = reminder.about.endsWith("-0") ? "today" : `by ${on}`;
      return {
        subject: `Please approve your print design ${when}`,
        paragraphs: [`Version ${waiting} of the design for your prints on ${event} is waiting for you. Please approve it, or tell us what to change, on your booking page ${when}: after that we print the last version we sent.`],
      };
    }
    case "day-before":
      return {
        subject: `Your photo booth on ${event}: what to have ready`,
        paragraphs: [
          `Everything for tomorrow in one place. The venue needs a flat, dry surface, a power point within ${policy.powerWithinMetres} metres and a space of at least ${policy.minimumSpace}.`,
          `Anything changed? Call us on ${business.phone.display}.`,
        ],
        rows: booking.eventDetails ? detailRows(booking.eventDetails, booking) : [["Start time", "not given yet: please call us"]],
      };
    case "thank-you":
      return { subject: `Thank you for having us on ${event}`, paragraphs: [rules.photosDelivery, `If you enjoyed the booth, a review helps us a lot: ${rules.reviewUrl}`] };
  }
}

/** The reminder to the client, and for an overdue payment the owner's copy carrying their page of the booking. */
export function reminderMails(reminder: Reminder, booking: BookingRecord, links: { page: string; ownerPage: Link | null }, ownerEmail: string): Record<string, Mail> {
  const to: Correspondents = { client: { email: booking.email, name: booking.fullName }, ownerEmail };
  const words = wordsFor(reminder, booking);
  const rows: Row[] = [["Invoice", booking.invoiceNumber], ...bookingDetails(booking), ...(words.rows ?? [])];
  const page: Link = { label: `Your booking ${booking.invoiceNumber}`, url: links.page };
  const mails: Record<string, Mail> = {
    [reminder.name]: toClient(to, { subject: `${words.subject} – ${business.name}`, greeting: clientGreeting(booking), paragraphs: words.paragraphs, rows, links: [page] }),
  };
  if (reminder.kind === "overdue") {
    mails[`${reminder.name}-owner`] = toOwner(to, {
      subject: `Overdue ${booking.invoiceNumber}: ${booking.fullName}, ${formatDateInWords(booking.eventDate)}`,
      greeting: `A payment for ${booking.invoiceNumber} is overdue; the client has been reminded.`,
      paragraphs: ["If it does not come, you can cancel the booking from your page of it (link below): that frees the date and tells the client. A payment that came by bank is recorded there too."],
      rows,
      links: [page],
      actions: links.ownerPage ? [links.ownerPage] : [],
    });
  }
  return mails;
}
