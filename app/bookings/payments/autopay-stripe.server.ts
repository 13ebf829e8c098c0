/**
 * Stripe's side of autopay, apart from the charges (`autopay-charges.server.ts`): a Customer of
 * the booking, the Checkout that pays the deposit and saves the card for off-session use or has the
 * client approve a PayTo agreement, the Checkout in setup mode that changes the card, reading what
 * was saved (only what the client's page shows), and detaching it when autopay is turned off.
 * Plain functions over the Stripe client; what Stripe refuses comes back as data.
 */
import type { PaymentKind } from "~/bookings/record/amounts";
import { paymentKindWords } from "~/bookings/record/payment-words";
import type { SavedMethod } from "~/bookings/record/autopay";
import type { Stripe } from "~/bookings/payments/stripe.server";

export type { SavedMethod };

/** What Stripe refused (a parameter, a state): data, as the caller shows or logs it and goes on. */
export interface Refused {
  status: "refused";
  message: string;
}

/** Stripe's HTTP status on an error its client threw (none when the network failed). */
export const statusOf = (error: unknown): number | undefined => {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" ? status : undefined;
};

/**
 * Stripe refused the request and made nothing: a 400 or 404 (a parameter, a detached card, a key
 * reused with other parameters). Not a 402 (a decline, which made a PaymentIntent), nor a 409 (the
 * same key still running), nor a 5xx or a lost answer, after which it may have made it.
 */
export const isRefusal = (error: unknown): error is Error => statusOf(error) === 400 || statusOf(error) === 404;

/** The call's answer, or Stripe's refusal of it as data; anything else (Stripe down, the network) is thrown. */
export async function refusedAsData<T>(call: Promise<T>): Promise<T | Refused> {
  try {
    return await call;
  } catch (error) {
    if (isRefusal(error)) return { status: "refused", message: error.message };
    throw error;
  }
}

export const isRefused = (value: unknown): value is Refused => typeof value === "object" && value !== null && (value as Refused).status === "refused";

export interface AutopayBooking {
  invoiceNumber: string;
  email: string;
  fullName: string;
}

/**
 * The booking's Stripe Customer. Its idempotency key is the booking's, so a double press or a retry
 * makes one Customer; the caller keeps its id on the booking, as Stripe forgets keys after a day.
 */
export async function customerFor(stripe: Stripe, booking: AutopayBooking): Promise<{ customer: string } | Refused> {
  const made = await refusedAsData(
    stripe.customers.create({ email: booking.email, name: booking.fullName, metadata: { invoiceNumber: booking.invoiceNumber } }, { idempotencyKey: `customer-${booking.invoiceNumber}` }),
  );
  return isRefused(made) ? made : { customer: made.id };
}

/** The terms of a PayTo agreement: at most `maximumCents` a payment, any time (`adhoc`), until `endDate` (YYYY-MM-DD). */
export interface PayToTerms {
  maximumCents: number;
  endDate: string;
}

export interface AutopayCheckout {
  booking: AutopayBooking;
  customer: string;
  /** What is paid now (the deposit), in cents. */
  kind: PaymentKind;
  amountCents: number;
  /** The card paying now, saved for the instalments; or a PayTo agreement with these terms. */
  method: { kind: "card" } | { kind: "payto"; terms: PayToTerms };
  /** The invoice page's address (with its key), where Stripe sends the client back. */
  returnUrl: string;
  /** The booking's checkout round, so a press after a change makes a new session. */
  round: number;
  /** The SHA-256 of the agreement's words the client read before pressing: in the metadata, so the consent keeps them when the Checkout completes. */
  agreement?: string;
}

/**
 * A Checkout Session that takes the payment due now on the booking's Customer and keeps the way it
 * was paid for off-session use: the card (`setup_future_usage: off_session`), or a PayTo mandate
 * the client approves in their bank app (`amount_type: maximum`, `payment_schedule: adhoc`, an
 * `end_date`). Its metadata is the pay button's, so the webhook records the payment as any checkout's.
 */
export async function autopayCheckout(stripe: Stripe, checkout: AutopayCheckout): Promise<{ status: "created"; id: string; url: string } | Refused> {
  const { booking, kind, amountCents, method, agreement } = checkout;
  const metadata = { invoiceNumber: booking.invoiceNumber, kind, ...(agreement ? { agreement } : {}) };
  const name = `${paymentKindWords[kind].name}, invoice ${booking.invoiceNumber}`;
  const paymentMethod: Pick<Stripe.Checkout.SessionCreateParams, "allowed_payment_method_types" | "payment_method_options"> =
    method.kind === "card"
      ? { allowed_payment_method_types: ["card"] }
      : {
          allowed_payment_method_types: ["payto"],
          payment_method_options: {
            payto: {
              mandate_options: { amount: method.terms.maximumCents, amount_type: "maximum", payment_schedule: "adhoc", end_date: method.terms.endDate },
              setup_future_usage: "off_session",
            },
          },
        };
  const session = await refusedAsData(
    stripe.checkout.sessions.create(
      {
        mode: "payment",
        customer: checkout.customer,
        line_items: [{ quantity: 1, price_data: { currency: "aud", unit_amount: amountCents, product_data: { name } } }],
        client_reference_id: `${booking.invoiceNumber}-${kind}`,
        metadata,
        payment_intent_data: { metadata, description: name, ...(method.kind === "card" ? { setup_future_usage: "off_session" as const } : {}) },
        ...paymentMethod,
        success_url: `${checkout.returnUrl}&checkout=success`,
        cancel_url: `${checkout.returnUrl}&checkout=cancelled`,
      },
      // The agreement's words are in the key: other words are another request, never a reused key with other parameters.
      { idempotencyKey: `autopay-checkout-${booking.invoiceNumber}-${method.kind}-${kind}-${amountCents}-round-${checkout.round}${agreement ? `-agreement-${agreement.slice(0, 16)}` : ""}` },
    ),
  );
  if (isRefused(session)) return session;
  if (!session.url) throw new Error(`Stripe gave checkout session ${session.id} no address`);
  return { status: "created", id: session.id, url: session.url };
}

/** A Checkout Session in setup mode that saves another card on the booking's Customer for the instalments still to come. */
export async function changeCardCheckout(
  stripe: Stripe,
  change: { invoiceNumber: string; customer: string; returnUrl: string; round: number },
): Promise<{ status: "created"; id: string; url: string } | Refused> {
  const metadata = { invoiceNumber: change.invoiceNumber, kind: "autopay-card" };
  const session = await refusedAsData(
    stripe.checkout.sessions.create(
      {
        mode: "setup",
        currency: "aud",
        customer: change.customer,
        allowed_payment_method_types: ["card"],
        metadata,
        setup_intent_data: { metadata },
        success_url: `${change.returnUrl}&checkout=card-saved`,
        cancel_url: `${change.returnUrl}&checkout=cancelled`,
      },
      { idempotencyKey: `autopay-card-${change.invoiceNumber}-round-${change.round}` },
    ),
  );
  if (isRefused(session)) return session;
  if (!session.url) throw new Error(`Stripe gave checkout session ${session.id} no address`);
  return { status: "created", id: session.id, url: session.url };
}

const idOf = (value: string | { id: string } | null): string | null => (typeof value === "string" ? value : (value?.id ?? null));

/** The payment method a completed autopay or change-of-card session saved, or null while the session is not complete (or saved nothing). */
export async function savedMethodOf(stripe: Stripe, sessionId: string): Promise<SavedMethod | null> {
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  if (session.status !== "complete") return null;
  let paymentMethod: string | null;
  let mandate: string | null = null;
  if (session.mode === "setup") {
    const setup = await stripe.setupIntents.retrieve(idOf(session.setup_intent) ?? "");
    paymentMethod = idOf(setup.payment_method);
    mandate = idOf(setup.mandate);
  } else {
    const intent = await stripe.paymentIntents.retrieve(idOf(session.payment_intent) ?? "");
    paymentMethod = idOf(intent.payment_method);
    const charge = idOf(intent.latest_charge);
    // A PayTo payment names the mandate the client approved on its charge.
    if (charge) mandate = (await stripe.charges.retrieve(charge)).payment_method_details?.payto?.mandate ?? null;
  }
  if (!paymentMethod) return null;
  const method = await stripe.paymentMethods.retrieve(paymentMethod);
  if (method.card) return { kind: "card", paymentMethod, brand: method.card.brand, last4: method.card.last4, expMonth: method.card.exp_month, expYear: method.card.exp_year };
  if (method.payto && mandate) return { kind: "payto", paymentMethod, mandate, last4: method.payto.last4 };
  return null;
}

/** Autopay off: the saved payment method detached from the booking's Customer, so Stripe never charges it again. Detached before is detached. */
export async function detachSaved(stripe: Stripe, paymentMethod: string): Promise<{ status: "detached" | "already-detached" }> {
  const detached = await refusedAsData(stripe.paymentMethods.detach(paymentMethod));
  return { status: isRefused(detached) ? "already-detached" : "detached" };
}
