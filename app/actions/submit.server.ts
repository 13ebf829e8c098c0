/**
 * The one path every submission takes, from a Remix action or a JSON endpoint alike:
 * the site's guard (./guard.server.ts: the connection's limit, honeypot, schema, the address's
 * limit), then the domain code. Bad input is refused before anything is stored.
 */
import { business } from "~/business";
import { BoothBookedOut, createBooking } from "~/bookings/create.server";
import type { BookingReceipt } from "~/bookings/record/booking";
import { monthlyOffered } from "~/bookings/record/payment-plan";
import { InvoiceNumbersExhausted } from "~/bookings/numbers/invoice-registry.server";
import { PromoRefused } from "~/promos/promo-use.server";
import { saveQuote } from "~/quotes/save.server";
import type { QuoteRecord } from "~/quotes/quote";
import { saveContact } from "~/requests/requests.server";
import type { Services } from "~/types/services";
import { describeTravel } from "~/travel/describe";
import type { Travel } from "~/travel/fees";
import { travelTo } from "~/travel/travel.server";
import { isoDate, melbourneDate } from "~/utils/melbourne-time";
import { paymentOptionField } from "~/input/fields";
import { refusals } from "~/input/messages";
import type { FormKind, Outcome } from "~/input/result";
import { bookingSchema, contactSchema } from "~/input/public-forms";
import { quoteSchema } from "~/input/quote-forms";
import { validate } from "~/input/validate";
import { checkedForm, guard } from "./guard.server";

export interface Receipts {
  quote: QuoteRecord;
  contact: null;
  booking: BookingReceipt;
}

/** Farther than we book online: the visitor is pointed to the quote form, which takes any distance. */
function beyondOnlineLimit(travel: Travel): string {
  return `${describeTravel(travel)} The quick quote form is at /quickquote.`;
}

async function run<K extends FormKind>(kind: K, services: Services, request: Request, input: Record<string, unknown>): Promise<Outcome<Receipts[K]>> {
  const today = isoDate(melbourneDate(services.now()));
  switch (kind) {
    case "quote": {
      const validation = await guard(services, kind, request, input, () => checkedForm(validate("quote", quoteSchema(today), input)));
      if (!validation.ok) return validation;
      return { ok: true, value: (await saveQuote(services, validation.value)) as Receipts[K] };
    }
    case "contact": {
      const validation = await guard(services, kind, request, input, () => checkedForm(validate("contact", contactSchema, input)));
      if (!validation.ok) return validation;
      await saveContact(services, validation.value);
      return { ok: true, value: null as Receipts[K] };
    }
    default: {
      const validation = await guard(services, kind, request, input, () => checkedForm(validate("booking", bookingSchema(today), input)));
      if (!validation.ok) return validation;
      const travel = travelTo(validation.value.eventLocation);
      if (travel && !travel.bookable) return { ok: false, status: 422, error: beyondOnlineLimit(travel) };
      if (validation.value.paymentOption === "monthly" && !monthlyOffered({ issuedOn: today, eventDate: validation.value.eventDate })) {
        return { ok: false, status: 422, error: refusals.planNotOffered, fieldErrors: { [paymentOptionField]: refusals.planNotOffered } };
      }
      try {
        return { ok: true, value: (await createBooking(services, validation.value, travel)) as Receipts[K] };
      } catch (error) {
        if (error instanceof BoothBookedOut) return { ok: false, status: 409, error: error.message };
        // Shown beside the code field; everything the client chose is kept.
        if (error instanceof PromoRefused) return { ok: false, status: 422, error: error.message, fieldErrors: { promoCode: error.message } };
        if (!(error instanceof InvoiceNumbersExhausted)) throw error;
        return { ok: false, status: 503, error: `We cannot take more bookings online today. Please call us on ${business.phone.display}.` };
      }
    }
  }
}

export async function submit<K extends FormKind>(kind: K, services: Services, request: Request, input: Record<string, unknown>): Promise<Outcome<Receipts[K]>> {
  try {
    return await run(kind, services, request, input);
  } catch (error) {
    // Storage refused the write: nothing was kept, so the visitor is told to try again.
    console.error(`A ${kind} could not be stored:`, error);
    return { ok: false, status: 503, error: refusals.storageDown };
  }
}
