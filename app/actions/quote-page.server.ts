/**
 * The quote page's buttons, each a plain form post that works without JavaScript: "Book this
 * quote" (303 to the new booking's page, or the page again with why not), "Keep me posted" (spends
 * the quote e-mail's one-time proof, so follow-ups may go to the address), "No thanks" (no
 * follow-up after it) and, once booked, "Send me my booking link" (to the address on the booking:
 * the quote's key never hands out the booking's). Only the holder of the quote's key gets here.
 * Booking and sending the link are limited like the site's forms, per visitor and per the address
 * (the quote's, or the booking's).
 */
import { data, redirect } from "@remix-run/cloudflare";
import { mailBookingLink } from "~/bookings/booking-page/lost-link.server";
import { proofHashOf } from "~/bookings/record/address-proof";
import { findBooking } from "~/bookings/record/record.server";
import { quotePagePath } from "~/quotes/addresses.server";
import { bookQuote } from "~/quotes/book.server";
import type { QuoteEntry } from "~/quotes/quote-book";
import type { Services } from "~/types/services";
import { readFormBody } from "./body.server";
import { guard, type Checked } from "./guard.server";
import { bookingLinkNoticeField, type QuoteLinkNotice } from "~/input/fields";
import { refusals } from "~/input/messages";
import type { Refusal } from "~/input/result";
import { quotePageSchema } from "~/input/quote-forms";
import { validate } from "~/input/validate";

export interface QuotePageRefusal {
  error: string;
}

/** The notice a refusal of the site's limit puts on the page: the connection's, or the address's. */
function limitNotice(error: string): QuoteLinkNotice {
  return error === refusals.addressLimited ? "address-limited" : "connection-limited";
}

export async function quotePageAction(services: Services, entry: QuoteEntry, request: Request) {
  const body = await readFormBody(request);
  const input = body.ok ? validate("quote-page", quotePageSchema, body.value) : body;
  if (!input.ok) return data<QuotePageRefusal>({ error: input.error }, { status: "status" in input ? input.status : 400 });
  const { id } = entry.quote;
  const page = quotePagePath(entry.quote);
  const at = services.now().toISOString();
  switch (input.data.intent) {
    case "book": {
      const refused = await guard(services, "book-quote", request, body.ok ? body.value : {}, (): Checked<null> => ({ ok: true, value: null, against: { address: entry.quote.email } }));
      if (!refused.ok) return data<QuotePageRefusal>({ error: refused.error }, { status: refused.status });
      const outcome = await bookQuote(services, entry).catch((error: unknown): Refusal => {
        // Storage refused a step: nothing was kept and the quote is free again (once its hold's deadline passes, should the hold's answer be what was lost), so the client may press again.
        console.error(`Quote ${id} could not be booked:`, error);
        return { status: 503, error: refusals.storageDown };
      });
      return "ok" in outcome && outcome.ok ? redirect(outcome.value.invoicePath, 303) : data<QuotePageRefusal>({ error: outcome.error }, { status: outcome.status });
    }
    case "keep-posted": {
      const proved = await services.quotes.prove(id, await proofHashOf(input.data.proof), at);
      return redirect(`${page}&posted=${proved ? "yes" : "no"}#follow-ups`, 303);
    }
    case "no-thanks":
      await services.quotes.decline(id);
      return redirect(`${page}#status`, 303);
    case "booking-link": {
      const found = await guard(services, "booking-link", request, body.ok ? body.value : {}, async () => {
        const booking = entry.invoiceNumber ? (await findBooking(services.kv, entry.invoiceNumber))?.booking : undefined;
        return { ok: true, value: booking, against: { address: booking?.email ?? entry.quote.email } };
      });
      if (!found.ok && found.status !== 429) return data<QuotePageRefusal>({ error: found.error }, { status: found.status });
      const notice: QuoteLinkNotice = !found.ok ? limitNotice(found.error) : found.value && (await mailBookingLink(services, found.value)) ? "sent" : "limited";
      return redirect(`${page}&${bookingLinkNoticeField}=${notice}#status`, 303);
    }
  }
}
