/**
 * Taking a booking: claim a use of its promo code (or refuse; app/promos/promo-use.server.ts says
 * why first), hold its booth on its date (or refuse), price it, give it an invoice number,
 * store it in KV before anything else, then hand it to its ledger, which writes the invoice PDF to R2
 * and queues the owner's e-mail (with the Confirm and Decline links) and the client's after the
 * answer (the booking records how they went).
 */
import { blocksOn } from "~/bookings/holds/blocks.server";
import { allocateInvoiceNumber } from "~/bookings/numbers/invoice-registry.server";
import { requested } from "~/bookings/record/lifecycle";
import { ownerActionLinks } from "~/bookings/record/owner-links.server";
import { invoiceCalendarPath, invoicePath } from "~/bookings/record/addresses";
import type { BookingReceipt, BookingRecord } from "~/bookings/record/booking";
import { pdfNotWrittenNote, writeInvoicePdf } from "~/bookings/invoice/invoice-file.server";
import { bookingMails } from "~/bookings/mails/mails.server";
import { storeBooking, summaryOf } from "~/bookings/record/record.server";
import { holdRefusal } from "~/bookings/holds/refusal";
import type { BookingInput } from "~/forms/schemas";
import { queueMails } from "~/mail/queue.server";
import { priceBooking } from "~/prices/booking-price";
import { stockNeeded } from "~/prices/extras";
import type { PromoCode } from "~/prices/promo-codes";
import { withPromoUse } from "~/promos/promo-use.server";
import { bookingPrice } from "~/pricing";
import type { Services } from "~/types/services";
import { bookingKey, invoiceIndexKey, invoicePdfKey } from "~/storage-keys";
import type { Travel } from "~/travel/fees";
import { isoDate, melbourneDate } from "~/utils/melbourne-time";

/** Every booth of the chosen type, or a chosen add-on or backdrop, is held or blocked on the date; the message says what. */
export class BoothBookedOut extends Error {}

/** 160 random bits, URL-safe. */
function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Takes a booking to a venue within the online limit (`travel` from `travelTo`, checked by the caller). */
export async function createBooking(services: Services, input: BookingInput, travel: Travel | null): Promise<BookingReceipt> {
  // The hold's id is the booking's own id: it claims its code's use under it, and gives it back if refused;
  // kept as `promoUseId`, as a move or a change of extras gives the booking a new hold id.
  const holdId = crypto.randomUUID();
  return withPromoUse(services, { code: input.promoCode, eventDate: input.eventDate, bookingId: holdId }, (promo) =>
    takeBooking(services, input, travel, { holdId, promo }),
  );
}

async function takeBooking(services: Services, input: BookingInput, travel: Travel | null, { holdId, promo }: { holdId: string; promo: PromoCode | null }): Promise<BookingReceipt> {
  const now = services.now();
  const { invoiceNumber: requestedNumber, price: _ignored, promoCode: _checked, ...details } = input;
  // The hold (booth and stocked items) is decided in one step in the Durable Object: a refused
  // booking stores nothing (and `withPromoUse` gives its code's use back).
  const hold = { eventDate: details.eventDate, boothType: details.boothType, holdId, items: stockNeeded(details.extras), provisional: true };
  const answer = await services.holds.hold({ ...hold, blocks: await blocksOn(services.kv, details.eventDate) });
  if (!answer.held) throw new BoothBookedOut(holdRefusal(details.eventDate, details.boothType, answer));
  try {
    return await storeNewBooking(services, details, { holdId, promo, requestedNumber, travel, now });
  } catch (error) {
    // Nothing was kept, so the booth must not stay held for it.
    await services.holds.release(hold).catch(() => undefined);
    throw error;
  }
}

async function storeNewBooking(
  services: Services,
  details: Omit<BookingInput, "invoiceNumber" | "price" | "promoCode">,
  { holdId, promo, requestedNumber, travel, now }: { holdId: string; promo: PromoCode | null; requestedNumber?: string; travel: Travel | null; now: Date },
): Promise<BookingReceipt> {
  const price = bookingPrice(details.boothType, details.packageDuration);
  const travelFee = travel?.travelFee ?? 0;
  // Fixed now: a rule or code changed later never touches this booking's price.
  const { lines: priceLines, totalCents } = priceBooking({ ...details, promo, travelFee });
  const invoiceNumber = await allocateInvoiceNumber(services, {
    requested: requestedNumber,
    eventDate: details.eventDate,
    summary: summaryOf({ ...details, totalCents, travel, travelFee }),
    now,
  });
  const booking: BookingRecord = {
    kind: "booking",
    ...details,
    ...requested(now),
    invoiceNumber,
    price,
    currency: "AUD",
    receivedAt: now.toISOString(),
    issuedOn: isoDate(melbourneDate(now)),
    invoiceSecret: newSecret(),
    invoicePdf: invoicePdfKey(invoiceNumber),
    holdId,
    ...(promo && { promoCode: promo.code, promoUseId: holdId }),
    travel,
    travelFee,
    totalCents,
    priceLines,
    emailDelivery: {},
  };
  try {
    await storeBooking(services.kv, booking);
  } catch (error) {
    // Leave no index entry pointing at a booking that was never written.
    await services.kv.delete(invoiceIndexKey(invoiceNumber)).catch(() => undefined);
    throw error;
  }

  const path = invoicePath(invoiceNumber, booking.invoiceSecret);
  const links = {
    invoice: `${services.config.SITE_ORIGIN}${path}`,
    calendar: `${services.config.SITE_ORIGIN}${invoiceCalendarPath(invoiceNumber, booking.invoiceSecret)}`,
    ownerActions: await ownerActionLinks(services.config, invoiceNumber, ["confirm", "decline"], now),
  };
  const mails = bookingMails(booking, links, { ownerEmail: services.config.OWNER_EMAIL });
  // The booking is safe in KV by now. It goes into the index at once, so the schedule and the owner's
  // feed see it from the answer on (its ledger puts it there again), and to its ledger, which draws the
  // PDF and queues the e-mails after the answer; the two side by side.
  await Promise.all([
    services.index.put([{ booking, notes: "" }]).catch((error: unknown) => console.error(`Booking ${invoiceNumber} is not in the index yet; its ledger puts it there:`, error)),
    services.ledger.open(booking, { ...mails }).catch(async (error: unknown) => {
      console.error(`The ledger of ${invoiceNumber} could not take the new booking; its PDF and e-mails are made now:`, error);
      if (!(await writeInvoicePdf(services, booking))) await storeBooking(services.kv, booking, pdfNotWrittenNote);
      await queueMails(services, { recordKey: bookingKey(booking.eventDate, invoiceNumber), mails });
    }),
  ]);
  return { invoiceNumber, price, travelFee, total: totalCents / 100, invoicePath: path };
}
