/**
 * Checkout Sessions as Stripe makes them: `payment` mode (a line item; optionally saving the payment
 * method for off-session use on a `customer`) and `setup` mode (no line items, nothing paid), with
 * PayTo's mandate options. Refuses what Stripe refuses of these.
 */
import { invalidRequest, listOf, noSuch, paramsUnder, refuseRemoved } from "./refusal";
import type { PayToMandateOptions } from "./objects";

interface SessionFields {
  id: string;
  object: "checkout.session";
  url: string;
  status: "open" | "complete" | "expired";
  currency: string | null;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  /** The Customer the payment method is saved on (tests' hand-made sessions leave it out). */
  customer?: string | null;
  allowed_payment_method_types?: string[] | null;
  /** What the session offers: the allowed types, or the card alone (the fake's dynamic set). */
  payment_method_types?: string[];
  payment_method_options?: { payto?: { mandate_options: PayToMandateOptions; setup_future_usage?: string } };
}

/** A `payment` mode session (the tests' hand-made ones too, hence the optional fields). */
export interface FakeSession extends SessionFields {
  mode: "payment";
  payment_status: "unpaid" | "paid";
  amount_total: number;
  /** `payment_intent_data` as given, which Checkout puts on the PaymentIntent it makes. */
  payment_intent_data?: { setup_future_usage: "off_session" | "on_session" | null; metadata: Record<string, string>; description: string | null };
  /** Set once paid: the PaymentIntent a refund is made against. */
  payment_intent?: string | null;
}

/** A `setup` mode session: nothing paid, a SetupIntent once complete. */
export interface FakeSetupSession extends SessionFields {
  mode: "setup";
  payment_status: "no_payment_required";
  amount_total: null;
  setup_intent: string | null;
}

const schedules = ["adhoc", "annual", "daily", "fortnightly", "monthly", "quarterly", "semi_annual", "weekly"];

function payToMandateOptions(params: Record<string, string>): PayToMandateOptions | undefined {
  const given = paramsUnder(params, "payment_method_options[payto][mandate_options]");
  if (Object.keys(given).length === 0) return undefined;
  const param = (name: string) => `payment_method_options[payto][mandate_options][${name}]`;
  const amountType = given.amount_type ?? "maximum";
  if (amountType !== "fixed" && amountType !== "maximum") throw invalidRequest(`Invalid amount_type: must be one of fixed or maximum`, param("amount_type"));
  if (amountType === "fixed" && !given.amount) throw invalidRequest("amount is required when amount_type is fixed.", param("amount"));
  const schedule = given.payment_schedule ?? "adhoc";
  if (!schedules.includes(schedule)) throw invalidRequest(`Invalid payment_schedule: must be one of ${schedules.join(", ")}`, param("payment_schedule"));
  for (const date of ["start_date", "end_date"]) {
    if (given[date] && !/^\d{4}-\d{2}-\d{2}$/.test(given[date])) throw invalidRequest(`Invalid date: ${given[date]}, must be in YYYY-MM-DD format.`, param(date));
  }
  return {
    amount: given.amount ? Number(given.amount) : null,
    amount_type: amountType,
    end_date: given.end_date ?? null,
    payment_schedule: schedule,
    payments_per_period: given.payments_per_period ? Number(given.payments_per_period) : null,
    purpose: given.purpose ?? null,
    start_date: given.start_date ?? null,
  };
}

/** A new open session from the request's parameters, or the refusal Stripe answers. */
export function sessionFrom(id: string, params: Record<string, string>, customerExists: (id: string) => boolean): FakeSession | FakeSetupSession {
  const mode = params.mode ?? "payment";
  if (mode !== "payment" && mode !== "setup") throw invalidRequest(`The fake Stripe makes no ${mode} mode sessions`, "mode");
  if (params.customer && params.customer_email) throw invalidRequest("You may only specify one of these parameters: customer, customer_email.", "customer_email");
  if (params.customer && !customerExists(params.customer)) throw noSuch("customer", params.customer, "customer");
  refuseRemoved(params, "payment_method_types");
  const types = listOf(params, "allowed_payment_method_types");
  const hasLineItem = "line_items[0][quantity]" in params;
  const intentData = paramsUnder(params, "payment_intent_data");
  const hasIntentData = Object.keys(params).some((name) => name.startsWith("payment_intent_data["));
  if (mode === "setup") {
    if (hasLineItem) throw invalidRequest("You can not pass `line_items` in `setup` mode.", "line_items");
    if (hasIntentData) throw invalidRequest("You can not pass `payment_intent_data` in `setup` mode.", "payment_intent_data");
    if (types.length === 0 && !params.currency) throw invalidRequest("currency is required in setup mode when allowed_payment_method_types is not set.", "currency");
  } else if (!hasLineItem) {
    throw invalidRequest("line_items is required in payment mode.", "line_items");
  }
  const futureUsage = intentData.setup_future_usage ?? null;
  if (futureUsage !== null && futureUsage !== "off_session" && futureUsage !== "on_session") throw invalidRequest("Invalid setup_future_usage", "payment_intent_data[setup_future_usage]");
  const currency = params["line_items[0][price_data][currency]"] ?? params.currency ?? null;
  if (types.includes("payto") && currency !== "aud") throw invalidRequest("The payment method `payto` only supports the currency aud.", "allowed_payment_method_types");
  const mandateOptions = payToMandateOptions(params);
  const paytoUsage = params["payment_method_options[payto][setup_future_usage]"];
  const common: SessionFields = {
    id,
    object: "checkout.session",
    // Stripe's hosted checkout lives on its own origin; the browser tests watch for it.
    url: `https://checkout.stripe.com/c/pay/${id}`,
    status: "open",
    currency,
    client_reference_id: params.client_reference_id ?? null,
    customer: params.customer ?? null,
    customer_email: params.customer_email ?? null,
    metadata: paramsUnder(params, "metadata"),
    allowed_payment_method_types: types.length ? types : null,
    payment_method_types: types.length ? types : ["card"],
    payment_method_options: mandateOptions ? { payto: { mandate_options: mandateOptions, ...(paytoUsage ? { setup_future_usage: paytoUsage } : {}) } } : {},
  };
  if (mode === "setup") return { ...common, mode, payment_status: "no_payment_required", amount_total: null, setup_intent: null };
  return {
    ...common,
    mode,
    payment_status: "unpaid",
    amount_total: Number(params["line_items[0][price_data][unit_amount]"]),
    payment_intent_data: { setup_future_usage: futureUsage as "off_session" | "on_session" | null, metadata: paramsUnder(params, "payment_intent_data[metadata]"), description: intentData.description ?? null },
  };
}
