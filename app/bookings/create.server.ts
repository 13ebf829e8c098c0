/**
 * Taking a booking: claim a use of its promo code (or refuse; app/promos/promo-use.server.ts says
 * why first), hold its booth on its date (or refuse) while its invoice number is claimed, price it,
 * store it in KV before anything else, then put its ledger's open on a queue, whose consumer hands it
 * to its ledger, which indexes it by date, writes the invoice PDF to R2 and queues the owner's
 * e-mail (with the Confirm and Decline links) and the client's after the answer (the booking records
 * how they went). Steps that do not wait on each
 * other go side by side: each call to a Durable Object crosses to wherever that object lives
 * (docs/speed.md, "A booking costs about what a contact message does").
 */
import { blocksOn } from "~/bookings/holds/blocks.server";
import { claimInvoiceNumber, indexInvoiceNumber } from "~/bookings/numbers/invoice-registry.server";
import { newAddressProof } from "~/bookings/record/address-proof";
import { requested } from "~/bookings/record/lifecycle";
import { ownerPageActionAhead, type OwnerActionLink } from "~/bookings/record/owner-links.server";
import { invoiceCalendarPath, invoicePath, provingPath } from "~/bookings/record/addresses";
import type { BookingReceipt, BookingRecord } from "~/bookings/record/booking";
import { issuedWithToday } from "~/bookings/invoice/billing-documents";
import { withDocumentsIssued } from "~/bookings/invoice/issued-documents";
import { makeWithoutLedger } from "~/bookings/ledger-not-opened.server";
import { bookingMails } from "~/bookings/mails/mails.server";
import { chosenPlan } from "~/bookings/record/payment-plan";
import { storeBooking, summaryOf } from "~/bookings/record/record.server";
import { holdRefusal } from "~/bookings/holds/refusal";
import type { BookingInput } from "~/input/public-forms";
import type { Mail } from "~/mail/message";
import { priceBooking, type PriceLine } from "~/prices/booking-price";
import { stockNeeded } from "~/prices/extras";
import type { PromoCode } from "~/prices/promo-codes";
import { withPromoUse } from "~/promos/promo-use.server";
import { bookingPrice } from "~/pricing";
import type { Services } from "~/types/services";
import { bookingKey, invoiceIndexKey, invoicePdfKey } from "~/storage-keys";
import type { Travel } from "~/travel/fees";
import { isoDate, melbourneDate } from "~/utils/melbourne-time";
import { newSecret } from "~/utils/random-secret";

/** Every booth of the chosen type, or a chosen add-on or backdrop, is held or blocked on the date; the message says what. */
export class BoothBookedOut extends Error {}

/** The quote booked from is taken by another booking's hold (another press of it): the date's holds decide it with the booth. */
export class QuoteHeld extends Error {}

/** A booking made from a quote: the quote's lines, held at their prices until it expires (docs/product-decisions.md, "Quotes"). */
export interface QuotedPrice {
  quoteId: string;
  lines: PriceLine[];
  totalCents: number;
}

/** Takes a booking to a venue within the online limit (`travel` from `travelTo`, checked by the caller), priced today or, from a quote, as quoted. */
export async function createBooking(services: Services, input: BookingInput, travel: Travel | null, quoted: QuotedPrice | null = null): Promise<BookingReceipt> {
  // The hold's id is the booking's own id: it claims its code's use under it, and gives it back if refused;
  // kept as `promoUseId`, as a move or a change of extras gives the booking a new hold id.
  const holdId = crypto.randomUUID();
  return withPromoUse(services, { code: input.promoCode, eventDate: input.eventDate, bookingId: holdId }, (promo) =>
    takeBooking(services, input, travel, { holdId, promo, quoted }),
  );
}

interface Taking {
  holdId: string;
  promo: PromoCode | null;
  quoted: QuotedPrice | null;
}

async function takeBooking(services: Services, input: BookingInput, travel: Travel | null, { holdId, promo, quoted }: Taking): Promise<BookingReceipt> {
  const now = services.now();
  const { invoiceNumber: requestedNumber, price: _ignored, promoCode: _checked, ...details } = input;
  // The hold (booth and stocked items) is decided in one step in the Durable Object: a refused
  // booking stores nothing (and `withPromoUse` gives its code's use back). Its invoice number is
  // claimed beside it, as neither waits on the other; a number claimed for a booking then refused
  // is never used, as one is when storing fails (numbers are drawn at random: a gap says nothing).
  // From a quote, the hold takes the quote too: a quote books once, decided with no call before the hold.
  const hold = { eventDate: details.eventDate, boothType: details.boothType, holdId, items: stockNeeded(details.extras), provisional: true, ...(quoted && { quote: quoted.quoteId }) };
  // The generations the owner's link is signed at are read beside the hold and the claim, not after them.
  const ownerPage = ownerPageActionAhead(services);
  const [held, claimed] = await Promise.allSettled([
    blocksOn(services.kv, details.eventDate).then((blocks) => services.holds.hold({ ...hold, blocks })),
    claimInvoiceNumber(services.claims, { requested: requestedNumber, now }),
  ]);
  if (held.status === "rejected") throw held.reason;
  if (!held.value.held) throw held.value.quoteHeld ? new QuoteHeld() : new BoothBookedOut(holdRefusal(details.eventDate, details.boothType, held.value));
  try {
    if (claimed.status === "rejected") throw claimed.reason;
    return await storeNewBooking(services, details, { holdId, promo, quoted, invoiceNumber: claimed.value, travel, now, ownerPage });
  } catch (error) {
    // Nothing was kept, so the booth must not stay held for it, nor its quote taken (the release names it).
    await services.holds.release(hold).catch(() => undefined);
    throw error;
  }
}

async function storeNewBooking(
  services: Services,
  { paymentOption = "deposit-balance", ...details }: Omit<BookingInput, "invoiceNumber" | "price" | "promoCode">,
  { holdId, promo, quoted, invoiceNumber, travel, now, ownerPage }: Taking & { invoiceNumber: string; travel: Travel | null; now: Date; ownerPage: (invoiceNumber: string) => Promise<OwnerActionLink[]> },
): Promise<BookingReceipt> {
  const price = bookingPrice(details.boothType, details.packageDuration);
  const travelFee = travel?.travelFee ?? 0;
  // Fixed now, or when quoted: a rule or code changed later never touches this booking's price.
  const { lines: priceLines, totalCents } = quoted ?? priceBooking({ ...details, promo, travelFee });
  // Only the booking e-mail's link carries the proof; the web answer carries the key alone.
  const { proof, stored: addressProof } = await newAddressProof();
  const issuedOn = isoDate(melbourneDate(now));
  // The caller refused a monthly plan where none is offered (`monthlyOffered`).
  const paymentPlan = chosenPlan(paymentOption, { totalCents, issuedOn, eventDate: details.eventDate }, now.toISOString());
  if (!paymentPlan) throw new Error(`Booking ${invoiceNumber} chose a monthly plan, which its dates do not offer.`);
  // Its tax invoice is stored with it as issued (invoice/issued-documents.ts).
  const booking: BookingRecord = withDocumentsIssued(null, {
    kind: "booking",
    ...details,
    ...requested(now),
    invoiceNumber,
    price,
    currency: "AUD",
    receivedAt: now.toISOString(),
    issuedOn,
    invoiceSecret: newSecret(),
    addressProof,
    invoicePdf: invoicePdfKey(invoiceNumber),
    holdId,
    ...(promo && { promoCode: promo.code, promoUseId: holdId }),
    ...(quoted && { fromQuote: quoted.quoteId }),
    travel,
    travelFee,
    totalCents,
    priceLines,
    paymentPlan,
    issuedWith: issuedWithToday(travel),
    emailDelivery: {},
  });
  // The record and the index from its number to it, side by side: should either fail, neither is left behind.
  const written = await Promise.allSettled([
    storeBooking(services.kv, booking),
    indexInvoiceNumber(services.kv, invoiceNumber, { eventDate: booking.eventDate, summary: summaryOf(booking) }),
  ]);
  const failed = written.find((outcome) => outcome.status === "rejected");
  if (failed) {
    await Promise.all([bookingKey(booking.eventDate, invoiceNumber), invoiceIndexKey(invoiceNumber)].map((key) => services.kv.delete(key).catch(() => undefined)));
    throw failed.reason;
  }

  const path = invoicePath(invoiceNumber, booking.invoiceSecret);
  const links = {
    invoice: `${services.config.SITE_ORIGIN}${path}`,
    proving: `${services.config.SITE_ORIGIN}${provingPath(invoiceNumber, booking.invoiceSecret, proof)}`,
    calendar: `${services.config.SITE_ORIGIN}${invoiceCalendarPath(invoiceNumber, booking.invoiceSecret)}`,
    ownerActions: await ownerPage(invoiceNumber),
  };
  await handToLedger(services, booking, { ...bookingMails(booking, links, { ownerEmail: services.config.OWNER_EMAIL }) });
  return { invoiceNumber, price, travelFee, total: totalCents / 100, invoicePath: path };
}

/**
 * The booking is safe in KV by now. Its ledger's open is put on a queue before the answer, so the
 * client waits on no ledger (issue 59; decision 008: the ledger indexes it, draws the PDF and
 * queues the e-mails, each a step it finishes whatever fails). Should the queue refuse it, the
 * ledger is opened now, as before the queue; should that fail too, its index, PDF and e-mails are
 * made now and its quote marked booked, and its ledger takes it in from KV when first asked.
 */
async function handToLedger(services: Services, booking: BookingRecord, mails: Record<string, Mail>): Promise<void> {
  const { invoiceNumber } = booking;
  try {
    await services.ledgerOpens.send({ booking, mails });
    return;
  } catch (error) {
    console.error(`The ledger opens' queue refused ${invoiceNumber}; its ledger is opened now:`, error);
  }
  await services.ledger.open(booking, mails).catch(async (error: unknown) => {
    console.error(`The ledger of ${invoiceNumber} could not take the new booking; it is indexed and its PDF and e-mails are made now:`, error);
    await makeWithoutLedger(services, booking, mails);
  });
}
