/** The site's limits and spam trap, one guard shared by every action that sends e-mail in answer to a post. */
import { bookingPage } from "~/business";
import { takeSubmission, visitorOf, type RateLimit } from "~/rate-limit.server";
import type { Services } from "~/types/services";
import { honeypotField, type BookingPageIntent } from "~/input/fields";
import { refusals } from "~/input/messages";
import type { FormKind, Outcome, Refusal } from "~/input/result";
import type { Validation } from "~/input/validate";

function refused<T>(validation: Extract<Validation<T>, { ok: false }>): { ok: false } & Refusal {
  return { ok: false, status: 400, error: validation.error, incomplete: validation.incomplete, fieldErrors: validation.fieldErrors };
}

/** A change the client makes with their booking's key: a form of the booking page, or the move or cancel page. */
export type ClientChange = BookingPageIntent | "move" | "cancel";

/** The forms the site's limit counts apart: the three of `FormKind`, "Send me my booking link" (from the booking page without its key and from a booked quote's page), "Book this quote" and each of the client's changes. */
export type LimitedForm = FormKind | "booking-link" | "book-quote" | ClientChange;

/** Whom a valid post is counted against beside its connection: the e-mail address it names (the form's, the quote's, the booking's), or the booking whose key made it. */
export type CountedAgainst = { address: string } | { booking: string };

/** What an action checked of a post: its refusal, or what it goes on with and whom the post is counted against (none: null). */
export type Checked<T> = ({ ok: false } & Refusal) | { ok: true; value: T; against: CountedAgainst | null };

/** A form's schema run as a check: valid, it is counted against the address typed in it. */
export function checkedForm<T extends { email: string }>(validation: Validation<T>): Checked<T> {
  return validation.ok ? { ok: true, value: validation.data, against: { address: validation.data.email } } : refused(validation);
}

/**
 * The count a valid post takes after its connection's: an address's under the form's own limit,
 * or a booking's under the limits on its client's changes (docs/operations.md, "Spam and rate
 * limits"), the hour's and the day's in one call, taken together or not at all.
 */
function countOf(against: CountedAgainst, kind: LimitedForm, formLimit: RateLimit): { visitor: string; limits: RateLimit[]; refusal: string } | null {
  if ("booking" in against) {
    const limits = [
      { form: `${kind}-hour`, max: bookingPage.changesPerHour, windowSeconds: 3600 },
      { form: `${kind}-day`, max: bookingPage.changesPerDay, windowSeconds: 24 * 3600 },
    ];
    return { visitor: `booking:${against.booking}`, limits, refusal: refusals.changesPaused };
  }
  const mailbox = against.address.trim().toLowerCase();
  return mailbox ? { visitor: `address:${mailbox}`, limits: [formLimit], refusal: refusals.addressLimited } : null;
}

/**
 * The site's limit and spam trap, in front of every action that sends e-mail in answer to a
 * visitor's post (docs/product-decisions.md, "Bad input"): the connection's count, then the spam
 * trap, then the action's own `check`; only then, for a valid post that is not the trap's, the
 * address's count, as a visitor changes connections more easily than a mailbox (one address cannot
 * hold date after date from many connections), or the booking's for a change its key made (however
 * many connections it comes from). Counted any earlier, junk naming someone's address would lock
 * its owner out.
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
  const counted = checked.against && countOf(checked.against, kind, limit);
  if (counted && !(await takeSubmission(services.submissionLimits, { visitor: counted.visitor, now }, counted.limits))) {
    return { ok: false, status: 429, error: counted.refusal };
  }
  return { ok: true, value: checked.value };
}

