/**
 * The one path every submission takes, from a Remix action or a JSON endpoint alike:
 * the connection's limit, honeypot, schema, the address's limit, then the domain code. Bad input is refused before anything is stored.
 */
import { business } from "~/business";
import { BoothBookedOut, createBooking } from "~/bookings/create.server";
import type { BookingReceipt } from "~/bookings/record/booking";
import { InvoiceNumbersExhausted } from "~/bookings/numbers/invoice-registry.server";
import { PromoRefused } from "~/promos/promo-use.server";
import { takeSubmission, visitorOf } from "~/rate-limit.server";
import { saveQuote } from "~/quotes/save.server";
import type { QuoteRecord } from "~/quotes/quote";
import { saveContact } from "~/requests/requests.server";
import type { Services } from "~/types/services";
import { describeTravel } from "~/travel/describe";
import type { Travel } from "~/travel/fees";
import { travelTo } from "~/travel/travel.server";
import { isoDate, melbourneDate } from "~/utils/melbourne-time";
import { honeypotField } from "~/input/fields";
import { refusals } from "~/input/messages";
import type { FormKind, Outcome, Refusal } from "~/input/result";
import { bookingSchema, contactSchema } from "~/input/public-forms";
import { quoteSchema } from "~/input/quote-forms";
import { validate, type Validation } from "~/input/validate";

export interface Receipts {
  quote: QuoteRecord;
  contact: null;
  booking: BookingReceipt;
}

function refused<T>(validation: Extract<Validation<T>, { ok: false }>): { ok: false } & Refusal {
  return { ok: false, status: 400, error: validation.error, incomplete: validation.incomplete, fieldErrors: validation.fieldErrors };
}

/** The forms the site's limit counts apart: the three of `FormKind`, "Send me my booking link" (from the booking page without its key and from a booked quote's page) and "Book this quote". */
export type LimitedForm = FormKind | "booking-link" | "book-quote";

/** What an action checked of a post: its refusal, or what it goes on with and the e-mail address the post is counted against (none: null). */
export type Checked<T> = ({ ok: false } & Refusal) | { ok: true; value: T; address: string | null };

/** A form's schema run as a check: valid, it is counted against the address typed in it. */
export function checkedForm<T extends { email: string }>(validation: Validation<T>): Checked<T> {
  return validation.ok ? { ok: true, value: validation.data, address: validation.data.email } : refused(validation);
}

/**
 * The site's limit and spam trap, in front of every action that sends e-mail in answer to a
 * visitor's post (docs/product-decisions.md, "Bad input"): the connection's count, then the spam
 * trap, then the action's own `check`; only then, for a valid post that is not the trap's, the
 * address's count, as a visitor changes connections more easily than a mailbox (one address cannot
 * hold date after date from many connections). Counted any earlier, junk naming someone's address
 * would lock its owner out.
 */
export async function guard<T>(
  services: Services,
  kind: LimitedForm,
  request: Request,
  input: Record<string, unknown>,
  check: () => Checked<T> | Promise<Checked<T>>,
): Promise<Outcome<T>> {
  const limit = { form: kind, max: services.config.RATE_LIMIT_MAX, windowSeconds: services.config.RATE_LIMIT_WINDOW_SECONDS };
  const now = services.now();
  if (!(await takeSubmission(services.submissionLimits, { visitor: visitorOf(request), now }, [limit]))) {
    return { ok: false, status: 429, error: refusals.rateLimited };
  }
  const trap = input[honeypotField];
  if (trap !== undefined && trap !== null && String(trap).trim() !== "") return { ok: false, status: 400, error: refusals.spam };
  const checked = await check();
  if (!checked.ok) return checked;
  const mailbox = checked.address?.trim().toLowerCase();
  if (mailbox && !(await takeSubmission(services.submissionLimits, { visitor: `address:${mailbox}`, now }, [limit]))) {
    return { ok: false, status: 429, error: refusals.addressLimited };
  }
  return { ok: true, value: checked.value };
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
