/** The site's limits and spam trap, one guard shared by every action that sends e-mail in answer to a post. */
import { takeSubmission, visitorOf } from "~/rate-limit.server";
import type { Services } from "~/types/services";
import { honeypotField } from "~/input/fields";
import { refusals } from "~/input/messages";
import type { FormKind, Outcome, Refusal } from "~/input/result";
import type { Validation } from "~/input/validate";

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

