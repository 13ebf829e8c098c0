/**
 * What the fake Stripe needs for charging a saved card or a PayTo agreement off-session:
 * Customers, PaymentMethods (the test cards, attach and detach), PaymentIntents created and
 * confirmed at once, PayTo mandates and SetupIntents, Checkout Sessions completed by the client
 * (saving the payment method on the session's Customer), and the events each step makes. Strict
 * as Stripe: `off_session` only with `confirm`, a detached PaymentMethod never used again, a PayTo
 * charge only within an active mandate's terms, a declined charge a 402 `card_error` carrying the
 * PaymentIntent (kept under its idempotency key, so a replay answers the same decline).
 */
import type { AccountBook } from "./accounts";
import type { FakeSession, FakeSetupSession } from "./checkout";
import type { FakeCustomer, FakeMandate, FakePaymentIntent, FakePaymentMethod, FakeSetupIntent, PaymentError, PendingEvent } from "./objects";
import { StripeRefusal, invalidRequest, listOf, noSuch, nowSeconds, paramsUnder, refuseRemoved } from "./refusal";
import { type CardFailure, testCardExpiry, testCards } from "./test-cards";

type Params = Record<string, string>;
/** A POST or GET the fake answers, by a pattern of its path; the match's groups name the object. */
export type Route = [RegExp, (params: Params, id: string) => object];

/** The PayTo account a client approves an agreement from in the tests (Stripe's test BSB). */
export const testPayToAccount = { bsb_number: "000000", last4: "6789", pay_id: null };

const snapshot = <T>(value: T): T => structuredClone(value);

/** `book`: which account made each object; a request sees only its own account's (`newId` records the maker). */
export function createAutopay(newId: (prefix: string) => string, book: AccountBook, sessions: FakeSession[], setupSessions: FakeSetupSession[]) {
  const customers: FakeCustomer[] = [];
  const paymentMethods: FakePaymentMethod[] = [];
  const paymentIntents: FakePaymentIntent[] = [];
  const mandates: FakeMandate[] = [];
  const setupIntents: FakeSetupIntent[] = [];
  /** Events made and not yet taken by the test that delivers them (`takeEvents`). */
  const events: PendingEvent[] = [];
  /** How each card PaymentMethod's charges fail, if they do (the test card's, or what a test set since). */
  const failures = new Map<string, CardFailure>();
  /** PaymentMethods once attached and detached since: Stripe never uses them again. */
  const detached = new Set<string>();
  /** Cards Stripe declines when attached, as it checks the card then (test cards that decline every charge). */
  const declinesOnAttach = new Set<string>();
  /** The mandate each PayTo PaymentMethod was approved under. */
  const mandateOf = new Map<string, string>();

  const emit = (type: string, object: object) => void events.push({ type, object: snapshot(object) });
  const find = <T extends { id: string }>(list: T[], kind: string, id: string, param?: string): T => {
    const found = list.find((one) => one.id === id && book.visible(id));
    if (!found) throw noSuch(kind, id, param);
    return found;
  };

  function newCardMethod(token: string): FakePaymentMethod {
    const card = testCards[token];
    if (!card) throw new Error(`${token} is no test card`);
    const method: FakePaymentMethod = {
      id: newId("pm_"),
      object: "payment_method",
      type: "card",
      allow_redisplay: "unspecified",
      billing_details: { address: null, email: null, name: null, phone: null },
      card: { brand: card.brand, display_brand: card.brand, last4: card.last4, ...testCardExpiry(), funding: "credit", country: "US" },
      created: nowSeconds(),
      customer: null,
      livemode: false,
      metadata: {},
    };
    paymentMethods.push(method);
    if (card.failure) failures.set(method.id, card.failure);
    if (card.failsOnAttach) declinesOnAttach.add(method.id);
    return method;
  }

  function newPayToMethod(customer: string | null): FakePaymentMethod {
    const method: FakePaymentMethod = {
      id: newId("pm_"),
      object: "payment_method",
      type: "payto",
      allow_redisplay: "unspecified",
      billing_details: { address: null, email: null, name: null, phone: null },
      payto: { ...testPayToAccount },
      created: nowSeconds(),
      customer,
      livemode: false,
      metadata: {},
    };
    paymentMethods.push(method);
    return method;
  }

  /** The PaymentMethod a request names: a test card's token makes a new one, as Stripe does. */
  function methodNamed(id: string, param: string): FakePaymentMethod {
    if (testCards[id]) return newCardMethod(id);
    const method = find(paymentMethods, "PaymentMethod", id, param);
    if (detached.has(method.id)) {
      throw invalidRequest(
        "The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.",
        param,
      );
    }
    return method;
  }

  function declineError(failure: CardFailure, method: FakePaymentMethod, charge: string | undefined): PaymentError & Record<string, unknown> {
    return { type: "card_error", ...failure, ...(charge ? { charge } : {}), payment_method: snapshot(method) };
  }

  function attach(method: FakePaymentMethod, customer: string) {
    const failure = failures.get(method.id);
    if (failure && declinesOnAttach.has(method.id)) throw new StripeRefusal(402, declineError(failure, method, undefined), true);
    method.customer = customer;
  }

  /** Checks a PayTo charge against its mandate: active, within its end date and its amount. */
  function checkMandate(params: Params, method: FakePaymentMethod, amount: number) {
    if (!params.mandate) throw invalidRequest("A PayTo payment off-session needs the `mandate` the client approved.", "mandate");
    const mandate = find(mandates, "mandate", params.mandate, "mandate");
    if (mandate.payment_method !== method.id) throw invalidRequest(`The mandate ${mandate.id} does not belong to PaymentMethod ${method.id}.`, "mandate");
    if (mandate.status !== "active") throw invalidRequest(`The mandate ${mandate.id} is ${mandate.status}; payments can only be made under an active mandate.`, "mandate");
    const terms = mandate.payment_method_details.payto;
    if (terms.end_date && new Date().toISOString().slice(0, 10) > terms.end_date) throw invalidRequest(`The mandate ${mandate.id} ended on ${terms.end_date}.`, "mandate");
    const over = terms.amount !== null && (terms.amount_type === "maximum" ? amount > terms.amount : amount !== terms.amount);
    if (over) throw invalidRequest(`The amount ${amount} is not allowed by the mandate's terms (${terms.amount_type} ${terms.amount}).`, "amount");
  }

  /** Confirms a PaymentIntent now: a card succeeds or is declined (402), a PayTo payment is `processing` until the bank answers. */
  function confirm(intent: FakePaymentIntent, method: FakePaymentMethod) {
    intent.payment_method = method.id;
    if (method.type === "payto") {
      // The debit's charge is made at once, pending until the bank answers; it names the mandate.
      intent.latest_charge = `py_${intent.id.slice(3)}`;
      intent.status = "processing";
      emit("payment_intent.processing", intent);
      return;
    }
    const failure = failures.get(method.id);
    // An off-session charge that needs the cardholder's authentication makes no charge.
    const charge = failure?.code === "authentication_required" ? undefined : `ch_${intent.id.slice(3)}`;
    intent.latest_charge = charge ?? null;
    if (failure) {
      intent.status = "requires_payment_method";
      intent.last_payment_error = declineError(failure, method, charge);
      emit("payment_intent.payment_failed", intent);
      throw new StripeRefusal(402, { ...intent.last_payment_error, payment_intent: snapshot(intent) }, true);
    }
    intent.status = "succeeded";
    intent.amount_received = intent.amount;
    emit("payment_intent.succeeded", intent);
  }

  function createPaymentIntent(params: Params): FakePaymentIntent {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 50) throw invalidRequest("Amount must be at least A$0.50 aud", "amount");
    if (!params.currency) throw invalidRequest("Missing required param: currency.", "currency");
    const confirming = params.confirm === "true";
    if (params.off_session && !confirming) throw invalidRequest("You can only pass `off_session` when `confirm` is true.", "off_session");
    if (params.customer) find(customers, "customer", params.customer, "customer");
    if (confirming && !params.payment_method) throw invalidRequest("You cannot confirm this PaymentIntent because it's missing a payment method.", "payment_method");
    refuseRemoved(params, "payment_method_types");
    const types = listOf(params, "allowed_payment_method_types");
    const method = params.payment_method ? methodNamed(params.payment_method, "payment_method") : undefined;
    if (method?.customer && method.customer !== params.customer) {
      throw invalidRequest(
        params.customer ? "The provided PaymentMethod belongs to a different Customer." : "The provided PaymentMethod was previously attached to a Customer. To use it, pass the Customer id in the `customer` parameter.",
        "payment_method",
      );
    }
    const allowed = types.length ? types : ["card"];
    if (method && !allowed.includes(method.type)) {
      throw invalidRequest(`The PaymentMethod provided (${method.type}) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: ${allowed.join(", ")}.`, "payment_method");
    }
    if (method?.type === "payto" && confirming) checkMandate(params, method, amount);
    const id = newId("pi_");
    const intent: FakePaymentIntent = {
      id,
      object: "payment_intent",
      amount,
      amount_received: 0,
      capture_method: "automatic_async",
      client_secret: `${id}_secret_fake`,
      confirmation_method: "automatic",
      created: nowSeconds(),
      currency: params.currency,
      customer: params.customer ?? null,
      description: params.description ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: paramsUnder(params, "metadata"),
      payment_method: method?.id ?? null,
      allowed_payment_method_types: types.length ? types : null,
      payment_method_types: allowed,
      setup_future_usage: null,
      status: method ? "requires_confirmation" : "requires_payment_method",
    };
    paymentIntents.push(intent);
    if (confirming && method) confirm(intent, method);
    return snapshot(intent);
  }

  /** The PaymentIntents of a Customer, newest first, as `GET /v1/payment_intents?customer=…` lists them (at most `limit`, 10 unless given, up to 100, after `starting_after`). */
  function listPaymentIntents(params: Params) {
    const limit = Math.min(Number(params.limit ?? 10), 100);
    const newestFirst = paymentIntents.filter((intent) => book.visible(intent.id) && (!params.customer || intent.customer === params.customer)).reverse();
    const after = params.starting_after ? newestFirst.findIndex((intent) => intent.id === params.starting_after) + 1 : 0;
    const page = newestFirst.slice(after, after + limit);
    return { object: "list", data: page.map(snapshot), has_more: newestFirst.length > after + limit, url: "/v1/payment_intents" };
  }

  /** A PaymentIntent's charge, with what paid it (a PayTo debit names its mandate). */
  function chargeNamed(id: string) {
    const intent = paymentIntents.find((one) => one.latest_charge === id && book.visible(one.id));
    if (!intent?.payment_method) throw noSuch("charge", id);
    const method = find(paymentMethods, "payment_method", intent.payment_method);
    const status = intent.status === "succeeded" ? "succeeded" : intent.status === "processing" ? "pending" : "failed";
    const details = method.type === "payto" ? { type: "payto", payto: { ...method.payto, mandate: mandateOf.get(method.id) } } : { type: "card", card: { ...method.card } };
    return { id, object: "charge", amount: intent.amount, currency: intent.currency, customer: intent.customer, payment_intent: intent.id, payment_method: method.id, payment_method_details: details, status };
  }

  const posts: Route[] = [
    [
      /^\/v1\/customers$/,
      (params) => {
        const customer: FakeCustomer = {
          id: newId("cus_"),
          object: "customer",
          created: nowSeconds(),
          email: params.email ?? null,
          name: params.name ?? null,
          livemode: false,
          metadata: paramsUnder(params, "metadata"),
          invoice_settings: { default_payment_method: null },
        };
        customers.push(customer);
        return snapshot(customer);
      },
    ],
    [
      /^\/v1\/payment_methods\/([^/]+)\/attach$/,
      (params, id) => {
        if (!params.customer) throw invalidRequest("Missing required param: customer.", "customer");
        find(customers, "customer", params.customer, "customer");
        const method = methodNamed(id, "payment_method");
        if (method.customer) throw invalidRequest("The payment method you provided has already been attached to a customer.", "payment_method");
        attach(method, params.customer);
        return snapshot(method);
      },
    ],
    [
      /^\/v1\/payment_methods\/([^/]+)\/detach$/,
      (_params, id) => {
        const method = find(paymentMethods, "PaymentMethod", id, "payment_method");
        if (!method.customer) throw invalidRequest("The payment method you provided is not attached to a customer so detachment is impossible.", "payment_method");
        method.customer = null;
        detached.add(method.id);
        return snapshot(method);
      },
    ],
    [/^\/v1\/payment_intents$/, createPaymentIntent],
  ];

  const reads: Route[] = [
    [/^\/v1\/customers\/([^/]+)$/, (_params, id) => snapshot(find(customers, "customer", id))],
    [/^\/v1\/payment_methods\/([^/]+)$/, (_params, id) => snapshot(find(paymentMethods, "payment_method", id))],
    [/^\/v1\/payment_intents\/([^/]+)$/, (_params, id) => snapshot(find(paymentIntents, "payment_intent", id))],
    [/^\/v1\/payment_intents$/, listPaymentIntents],
    [/^\/v1\/charges\/([^/]+)$/, (_params, id) => chargeNamed(id)],
    [/^\/v1\/mandates\/([^/]+)$/, (_params, id) => snapshot(find(mandates, "mandate", id))],
    [/^\/v1\/setup_intents\/([^/]+)$/, (_params, id) => snapshot(find(setupIntents, "setup_intent", id))],
  ];

  function newMandate(method: FakePaymentMethod, session: FakeSession | FakeSetupSession): FakeMandate {
    const terms = session.payment_method_options?.payto?.mandate_options;
    if (!terms) throw new Error(`Session ${session.id} sets no PayTo mandate options`);
    const mandate: FakeMandate = {
      id: newId("mandate_"),
      object: "mandate",
      customer_acceptance: { accepted_at: nowSeconds(), online: { ip_address: "127.0.0.1", user_agent: "bank app" }, type: "online" },
      livemode: false,
      multi_use: {},
      payment_method: method.id,
      payment_method_details: { type: "payto", payto: { ...terms } },
      status: "active",
      type: "multi_use",
    };
    mandates.push(mandate);
    mandateOf.set(method.id, mandate.id);
    return mandate;
  }

  /**
   * The client completes an open session on Stripe's page with a test card's token or with PayTo
   * (approving the mandate in their bank app). A payment session saves the method on its Customer
   * when `setup_future_usage` asks (a card that fails is declined there, and the session stays open);
   * a setup session saves it through a SetupIntent. Returns the session as its events carry it.
   */
  function completeCheckout(sessionId: string, with_: string = "pm_card_visa"): FakeSession | FakeSetupSession {
    book.actFor(sessionId);
    const session = [...sessions, ...setupSessions].find((one) => one.id === sessionId);
    if (session?.status !== "open") throw new Error(`Session ${sessionId} is ${session?.status ?? "unknown"}`);
    const isPayTo = with_ === "payto";
    const types = session.payment_method_types ?? ["card"];
    if (!types.includes(isPayTo ? "payto" : "card")) throw new Error(`Session ${sessionId} does not take ${isPayTo ? "payto" : "card"}`);
    const method = isPayTo ? newPayToMethod(null) : newCardMethod(with_);
    const saving = session.mode === "setup" || session.payment_intent_data?.setup_future_usage || session.payment_method_options?.payto?.setup_future_usage;
    const mandate = isPayTo ? newMandate(method, session) : undefined;
    if (saving && session.customer) attach(method, session.customer);
    if (session.mode === "setup") {
      const intent: FakeSetupIntent = {
        id: newId("seti_"),
        object: "setup_intent",
        created: nowSeconds(),
        customer: session.customer ?? null,
        livemode: false,
        mandate: mandate?.id ?? null,
        metadata: {},
        payment_method: method.id,
        payment_method_types: types,
        status: "succeeded",
        usage: "off_session",
      };
      setupIntents.push(intent);
      Object.assign(session, { status: "complete", setup_intent: intent.id });
      emit("setup_intent.succeeded", intent);
    } else {
      const id = newId("pi_");
      const intent: FakePaymentIntent = {
        id,
        object: "payment_intent",
        amount: session.amount_total,
        amount_received: 0,
        capture_method: "automatic_async",
        client_secret: `${id}_secret_fake`,
        confirmation_method: "automatic",
        created: nowSeconds(),
        currency: session.currency ?? "aud",
        customer: session.customer ?? null,
        description: session.payment_intent_data?.description ?? null,
        last_payment_error: null,
        latest_charge: null,
        livemode: false,
        metadata: session.payment_intent_data?.metadata ?? {},
        payment_method: null,
        allowed_payment_method_types: session.allowed_payment_method_types ?? null,
        payment_method_types: types,
        setup_future_usage: session.payment_intent_data?.setup_future_usage ?? null,
        status: "requires_confirmation",
      };
      paymentIntents.push(intent);
      confirm(intent, method);
      Object.assign(session, { status: "complete", payment_status: isPayTo ? "unpaid" : "paid", payment_intent: intent.id });
    }
    emit("checkout.session.completed", session);
    return snapshot(session);
  }

  /** The bank's later answer to a `processing` PayTo payment: `payment_intent.succeeded` or `.payment_failed` (and the session's async event). */
  function settlePayTo(paymentIntentId: string, outcome: "succeeded" | "failed"): FakePaymentIntent {
    book.actFor(paymentIntentId);
    const intent = find(paymentIntents, "payment_intent", paymentIntentId);
    if (intent.status !== "processing") throw new Error(`PaymentIntent ${intent.id} is ${intent.status}, not processing`);
    if (outcome === "succeeded") {
      Object.assign(intent, { status: "succeeded", amount_received: intent.amount });
    } else {
      Object.assign(intent, {
        status: "requires_payment_method",
        last_payment_error: { type: "card_error", code: "insufficient_funds", message: "The customer's account has insufficient funds to cover this payment." },
      });
    }
    emit(outcome === "succeeded" ? "payment_intent.succeeded" : "payment_intent.payment_failed", intent);
    const session = sessions.find((one) => one.payment_intent === intent.id);
    if (session) {
      if (outcome === "succeeded") session.payment_status = "paid";
      emit(outcome === "succeeded" ? "checkout.session.async_payment_succeeded" : "checkout.session.async_payment_failed", session);
    }
    return snapshot(intent);
  }

  return {
    customers,
    paymentMethods,
    paymentIntents,
    mandates,
    setupIntents,
    posts,
    reads,
    completeCheckout,
    settlePayTo,
    /** The client pauses or changes their agreement in their bank app: Stripe cancels the mandate and sends `mandate.updated`. */
    cancelMandateInBank(mandateId: string): FakeMandate {
      book.actFor(mandateId);
      const mandate = find(mandates, "mandate", mandateId);
      mandate.status = "inactive";
      emit("mandate.updated", mandate);
      return snapshot(mandate);
    },
    /** A saved card's charges fail from now on as `failure` says (its account emptied, the card reported): what test mode's cards cannot do after saving. */
    cardFailsFromNow(paymentMethodId: string, failure: CardFailure) {
      book.actFor(paymentMethodId);
      find(paymentMethods, "payment_method", paymentMethodId);
      failures.set(paymentMethodId, failure);
    },
    /** The mandate a PayTo PaymentMethod was approved under. */
    mandateFor: (paymentMethodId: string) => mandateOf.get(paymentMethodId) ?? null,
    /** A succeeded PaymentIntent's amount (what a refund may take back), or undefined. */
    paidAmount: (paymentIntentId: string) => paymentIntents.find((intent) => intent.id === paymentIntentId && intent.status === "succeeded" && book.visible(intent.id))?.amount,
    /** Every event made since the last call, oldest first, for the test to deliver (in any order, or again). */
    takeEvents: (): PendingEvent[] => events.splice(0),
  };
}

export type FakeAutopay = ReturnType<typeof createAutopay>;
