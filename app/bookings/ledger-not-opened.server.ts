/**
 * A new booking its ledger could not take (issue 59: the ledger's open goes on a queue after the
 * booking is stored in KV). The request makes what the open would have made when it can reach
 * neither the queue nor the ledger (`makeWithoutLedger`); the ledger opens' dead-letter queue
 * does the same once the queue's tries ran out and one more try failed (`openFromDeadLetter`,
 * workers/ledger-open-queue.ts), so the booking is indexed, its PDF drawn and its e-mails sent
 * however long the ledger stays out of reach, and its ledger takes it in from KV when next asked.
 * The owner is told then, as of an e-mail that failed for good: a record of its own in KV
 * (`ledger-not-opened:{Melbourne day}:{invoice number}`, its summary saying what happened), which
 * the next morning's e-mail lists, and an e-mail sent once, its state kept on that record (a dead
 * letter delivered again sends it no second time).
 */
import { pdfNotWrittenNote, writeInvoicePdf } from "~/bookings/invoice/invoice-file.server";
import { ledgerNotOpenedMail } from "~/bookings/mails/ledger-mails.server";
import type { OpenMessage } from "~/bookings/record/ledger-opens.server";
import type { BookingRecord } from "~/bookings/record/booking";
import { ownerPageAction } from "~/bookings/record/owner-links.server";
import { findBooking, storeBooking } from "~/bookings/record/record.server";
import type { EmailDelivery } from "~/mail/deliveries.server";
import type { Mail } from "~/mail/message";
import { queueMails } from "~/mail/queue.server";
import { bookingKey, ledgerNotOpenedKey, summaryMetadata } from "~/storage-keys";
import type { Services } from "~/types/services";
import { formatDateInWords } from "~/utils/date-words";
import { melbourneToday } from "~/utils/melbourne-time";

/**
 * Indexes the booking, draws its PDF, queues its first e-mails and marks its quote booked, none of
 * it through its ledger: what the ledger's open does, for a booking whose ledger cannot be reached.
 */
export async function makeWithoutLedger(services: Services, booking: BookingRecord, mails: Record<string, Mail>): Promise<void> {
  const { invoiceNumber } = booking;
  await services.index.put([{ booking, notes: "" }]).catch((indexError: unknown) => console.error(`Booking ${invoiceNumber} is not in the index of bookings by date: npm run reindex puts it there.`, indexError));
  if (!(await writeInvoicePdf(services, booking))) await storeBooking(services.kv, booking, pdfNotWrittenNote);
  await queueMails(services, { recordKey: bookingKey(booking.eventDate, invoiceNumber), mails });
  if (booking.fromQuote) await services.quotes.settle(booking.fromQuote, invoiceNumber, booking.receivedAt);
}

/** What the owner's record of it holds; its e-mail's state beside it, as on any record. */
interface NotOpenedRecord {
  kind: "ledger-not-opened";
  invoiceNumber: string;
  at: string;
  error: string;
  emailDelivery?: EmailDelivery;
}

/** Keeps the owner's record of it (once: a dead letter delivered again keeps the first) and e-mails the owner, once. */
async function tellOwner(services: Services, booking: BookingRecord, error: string): Promise<void> {
  const at = services.now().toISOString();
  const key = ledgerNotOpenedKey(melbourneToday(services.now()), booking.invoiceNumber);
  if (!(await services.kv.get(key))) {
    const record: NotOpenedRecord = { kind: "ledger-not-opened", invoiceNumber: booking.invoiceNumber, at, error };
    const summary = `${booking.invoiceNumber} ${booking.fullName}, ${formatDateInWords(booking.eventDate)}: LEDGER NOT OPENED, made without it`;
    await services.kv.put(key, JSON.stringify(record, null, 2), { metadata: summaryMetadata(summary) });
  }
  const mail = ledgerNotOpenedMail(booking, error, await ownerPageAction(services, booking.invoiceNumber), services.config.OWNER_EMAIL);
  await queueMails(services, { recordKey: key, mails: { owner: mail } });
}

/**
 * A dead letter of the ledger opens' queue: the open tried once more (a ledger that took it changes
 * nothing); failing that, the booking as KV has it now made without its ledger, and the owner told.
 * Throws only when that fails too, so the dead letter is delivered again.
 */
export async function openFromDeadLetter(services: Services, { booking, mails }: OpenMessage): Promise<"opened" | "made without its ledger"> {
  try {
    await services.ledger.open(booking, mails);
    return "opened";
  } catch (error) {
    console.error(`The ledger of ${booking.invoiceNumber} could not take the new booking by its last try; it is made without it and the owner told:`, error);
    const current = (await findBooking(services.kv, booking.invoiceNumber))?.booking ?? booking;
    await makeWithoutLedger(services, current, mails);
    await tellOwner(services, current, String(error));
    return "made without its ledger";
  }
}
