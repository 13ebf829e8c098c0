/**
 * What Stripe's events say of a booking's autopay consent: a completed Checkout of the booking's
 * Customer (the deposit's, saving the card or approving a PayTo mandate, or one in setup mode
 * changing the card) turns it on with what was saved; a PayTo mandate Stripe made inactive (the
 * client paused or changed it in their bank app) turns it off, and the ledger tells the client.
 * Each is kept once, so a replay changes nothing.
 */
import { isInvoiceNumber } from "~/input/invoice-number";
import { savedMethodOf } from "~/bookings/payments/autopay-stripe.server";
import type { EventOutcome } from "~/bookings/payments/payment-events.server";
import type { Stripe } from "~/bookings/payments/stripe.server";
import { autopayAgreementKey, type AutopayChange } from "~/bookings/record/autopay";
import type { Services } from "~/types/services";

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === "string" ? value : (value?.id ?? null));

/** The booking a Customer was made for (`customerFor` keeps its invoice number in the metadata), or null. */
async function invoiceOfCustomer(stripe: Stripe, customer: string): Promise<string | null> {
  const found = await stripe.customers.retrieve(customer);
  return "deleted" in found && found.deleted ? null : (found.metadata?.invoiceNumber ?? null);
}

/** The change an event makes to a booking's autopay, with the booking's invoice number; null when it makes none. */
async function changeOf(stripe: Stripe, event: Stripe.Event): Promise<{ invoiceNumber: string; change: AutopayChange } | null> {
  const at = new Date(event.created * 1000).toISOString();
  if (event.type === "checkout.session.completed") {
    const session = event.data.object;
    const customer = idOf(session.customer);
    const invoiceNumber = session.metadata?.invoiceNumber;
    // Only the autopay Checkouts are made on the booking's Customer: the pay button's have none.
    if (!customer || !invoiceNumber) return null;
    const saved = await savedMethodOf(stripe, session.id);
    // The words the client read before this Checkout (its copy was kept when it was started); a change of card has none.
    const sha256 = session.metadata?.agreement;
    const agreement = sha256 && /^[0-9a-f]{64}$/.test(sha256) ? { agreement: { sha256, copy: autopayAgreementKey(invoiceNumber, sha256) } } : {};
    return saved && { invoiceNumber, change: { kind: "on", customer, saved, since: at, ...agreement } };
  }
  if (event.type === "mandate.updated" && event.data.object.status === "inactive") {
    const paymentMethod = idOf(event.data.object.payment_method);
    if (!paymentMethod) return null;
    const customer = idOf((await stripe.paymentMethods.retrieve(paymentMethod)).customer);
    const invoiceNumber = customer && (await invoiceOfCustomer(stripe, customer));
    return invoiceNumber ? { invoiceNumber, change: { kind: "off", why: "mandate-inactive", at, paymentMethod } } : null;
  }
  return null;
}

/** Keeps what an event says of a booking's autopay; null for an event that says nothing of it. */
export async function receiveAutopayEvent(services: Pick<Services, "ledger">, stripe: Stripe, event: Stripe.Event): Promise<EventOutcome | null> {
  const found = await changeOf(stripe, event);
  if (!found) return null;
  const { invoiceNumber, change } = found;
  if (!isInvoiceNumber(invoiceNumber)) return { said: `Stripe event ${event.id}: ${invoiceNumber} is no invoice number of ours; autopay left` };
  const outcome = await services.ledger.changeAutopay(invoiceNumber, change);
  if (outcome.status === "unknown-invoice") return { said: `Stripe event ${event.id}: no booking ${invoiceNumber} yet for its autopay`, retry: true };
  return { said: `Stripe event ${event.id}: autopay ${change.kind} on ${invoiceNumber}${outcome.status === "same" ? " already" : ""}` };
}
