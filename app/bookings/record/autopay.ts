/**
 * A booking's autopay consent (docs/product-decisions.md, "Payment plans and autopay"): the Stripe
 * Customer and the saved card or PayTo mandate its instalments are charged to, and only what the
 * client's page shows of it. Set when the Checkout that saved it completes; cleared when the client
 * turns autopay off, the mandate is cancelled in the bank app, or the last try fails. A booking
 * stored before autopay holds none, and reads as autopay off.
 */

/** The agreement's words the client read before going to Stripe, kept as the signed terms are: their SHA-256 and the R2 name of their copy. */
export interface AgreementCopy {
  sha256: string;
  copy: string;
}

/** R2 object name of an autopay agreement's copy: one per booking and text, so a later text never overwrites it. */
export function autopayAgreementKey(invoiceNumber: string, sha256: string): string {
  return `autopay/${invoiceNumber}/${sha256}.txt`;
}

/** What is kept of the way autopay pays: Stripe's ids, and only what the client's page shows (decisions: nothing else of the card). */
export type SavedMethod =
  | { kind: "card"; paymentMethod: string; brand: string; last4: string; expMonth: number; expYear: number }
  // Stripe's PayTo method names no bank: the account's last four digits are what there is to show.
  | { kind: "payto"; paymentMethod: string; mandate: string; last4: string | null };

export interface AutopayConsent {
  customer: string;
  saved: SavedMethod;
  /** When the Checkout that saved it completed. */
  since: string;
  /** The agreement the client read; absent on consents kept before it was (read as none), and kept through a change of card. */
  agreement?: AgreementCopy;
}

/** Why autopay stopped: the client or the owner turned it off, the bank app cancelled the mandate, or the last try of an instalment failed. */
export type AutopayStop = "client" | "owner" | "mandate-inactive" | "last-try";

export type AutopayChange =
  | ({ kind: "on" } & AutopayConsent)
  /** The booking's Stripe Customer, made before its first autopay Checkout: kept once, as Stripe forgets its idempotency key after a day. */
  | { kind: "customer"; customer: string }
  | { kind: "off"; why: AutopayStop; at: string; /** Only this saved method's consent (a late `mandate.updated` leaves a newer one). */ paymentMethod?: string };

export type AutopayTriesOutcome = { status: "recorded"; tries: AutopayTry[] } | { status: "unknown-invoice" };

export type AutopayOutcome = { status: "changed"; before: AutopayConsent | null } | { status: "same" } | { status: "unknown-invoice" };

/** One try of an instalment's off-session charge, as the schedule put it on the queue (once, whatever the number of runs that day). */
export interface AutopayTry {
  instalment: number;
  /** 1 for the first; a soft decline's are tried again (autopay-declines.ts). */
  tryNumber: number;
  /** The Melbourne day the schedule found it due. */
  dueOn: string;
  /** What the schedule found due of the instalment: the consumer charges this, not what it works out later. */
  amountCents: number;
  enqueuedAt: string;
  /** Written by the ledger before Stripe is called (the try's id in the PaymentIntent's metadata): a try with one and no answer was maybe made, and is looked up. */
  tryId?: string;
  /** Stripe's answer, once the consumer has it. */
  answer?: TryAnswer;
}

/** What became of a try: paid (or PayTo processing) by its PaymentIntent, declined (tried again only when soft), or refused by Stripe. */
export type TryAnswer = {
  status: "succeeded" | "processing" | "declined" | "refused";
  paymentIntent: string | null;
  code: string | null;
  at: string;
  /** A soft decline with tries left: the schedule tries again (autopay-due.ts); any other failure stops autopay. */
  again?: true;
};

/** The code a try is refused with when its message ran out of deliveries before Stripe was asked (or answered) and Stripe made nothing. */
export const triesRanOut = "tries_ran_out";

/** The ledger's word before a try is charged: go (its id written down), look up a try made before whose answer was lost, or not at all. */
export type TryGo = { status: "go" | "look-up"; tryId: string; consent: AutopayConsent } | { status: "no"; why: string };

export interface WithAutopay {
  autopay?: AutopayConsent;
  /** Each try the schedule queued, oldest first; absent on bookings stored before autopay. */
  autopayTries?: AutopayTry[];
  /** Why autopay last stopped, and when; cleared when it is turned on again. */
  autopayStopped?: { why: AutopayStop; at: string };
  /** The booking's Stripe Customer, kept from the first autopay Checkout on (through autopay turned off); absent before. */
  autopayCustomer?: string;
}

/** The booking's consent, or null: off, or stored before autopay. */
export const autopayOf = (booking: WithAutopay): AutopayConsent | null => booking.autopay ?? null;

/** The booking's Stripe Customer, or null when none was made yet. */
export const customerOf = (booking: WithAutopay): string | null => booking.autopayCustomer ?? booking.autopay?.customer ?? null;

/** The booking after the change, or null when it changes nothing (the same method saved again, off already, or another method's mandate). */
export function autopayChanged<T extends WithAutopay>(booking: T, change: AutopayChange): T | null {
  const consent = autopayOf(booking);
  if (change.kind === "customer") return customerOf(booking) ? null : { ...booking, autopayCustomer: change.customer };
  if (change.kind === "on") {
    if (consent?.saved.paymentMethod === change.saved.paymentMethod) return null;
    const { kind: _kind, agreement, ...given } = change;
    const { autopayStopped: _stopped, ...rest } = booking;
    // A change of card (a setup-mode Checkout) agrees to nothing new: the agreement read before stays.
    const kept = agreement ?? consent?.agreement;
    return { ...rest, autopay: kept ? { ...given, agreement: kept } : given } as T;
  }
  if (!consent || (change.paymentMethod && change.paymentMethod !== consent.saved.paymentMethod)) return null;
  const { autopay: _autopay, ...rest } = booking;
  return { ...rest, autopayStopped: { why: change.why, at: change.at } } as T;
}

/** The same try: one instalment's try of one number. */
export const sameTry = (one: Pick<AutopayTry, "instalment" | "tryNumber">, other: Pick<AutopayTry, "instalment" | "tryNumber">) =>
  one.instalment === other.instalment && one.tryNumber === other.tryNumber;

/** The booking with the tries the schedule queued, each once; null when every one was there already. */
export function triesQueued<T extends WithAutopay>(booking: T, tries: readonly AutopayTry[]): T | null {
  const known = booking.autopayTries ?? [];
  const added = tries.filter((one) => !known.some((kept) => sameTry(kept, one)));
  return added.length ? { ...booking, autopayTries: [...known, ...added] } : null;
}

/** The booking with `change` made to its kept try, or null when there is no such try. */
export function withTry<T extends WithAutopay>(booking: T, one: Pick<AutopayTry, "instalment" | "tryNumber">, change: Partial<AutopayTry>): T | null {
  const tries = booking.autopayTries ?? [];
  if (!tries.some((kept) => sameTry(kept, one))) return null;
  return { ...booking, autopayTries: tries.map((kept) => (sameTry(kept, one) ? { ...kept, ...change } : kept)) };
}
