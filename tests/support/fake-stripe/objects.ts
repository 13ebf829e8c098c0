/** The shapes of the objects the fake Stripe keeps, as Stripe's API (version 2026-10-28) answers them, less fields nothing reads. */

export interface FakeCustomer {
  id: string;
  object: "customer";
  created: number;
  email: string | null;
  name: string | null;
  livemode: false;
  metadata: Record<string, string>;
  invoice_settings: { default_payment_method: string | null };
}

export interface FakePaymentMethod {
  id: string;
  object: "payment_method";
  type: "card" | "payto";
  allow_redisplay: "unspecified";
  billing_details: { address: null; email: string | null; name: string | null; phone: null };
  card?: { brand: string; display_brand: string; last4: string; exp_month: number; exp_year: number; funding: "credit"; country: "US" };
  payto?: { bsb_number: string | null; last4: string | null; pay_id: string | null };
  created: number;
  customer: string | null;
  livemode: false;
  metadata: Record<string, string>;
}

export interface PaymentError {
  type: "card_error" | "invalid_request_error";
  code: string;
  decline_code?: string;
  advice_code?: string;
  message: string;
  charge?: string;
  payment_method?: FakePaymentMethod;
}

export interface FakePaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  capture_method: "automatic_async";
  client_secret: string;
  confirmation_method: "automatic";
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  last_payment_error: PaymentError | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  payment_method: string | null;
  allowed_payment_method_types: string[] | null;
  payment_method_types: string[];
  setup_future_usage: "off_session" | "on_session" | null;
  status: "requires_payment_method" | "requires_confirmation" | "processing" | "succeeded" | "canceled";
}

export interface PayToMandateOptions {
  amount: number | null;
  amount_type: "fixed" | "maximum";
  end_date: string | null;
  payment_schedule: string;
  payments_per_period: number | null;
  purpose: string | null;
  start_date: string | null;
}

export interface FakeMandate {
  id: string;
  object: "mandate";
  customer_acceptance: { accepted_at: number; online: { ip_address: string; user_agent: string }; type: "online" };
  livemode: false;
  multi_use: Record<string, never>;
  payment_method: string;
  payment_method_details: { type: "payto"; payto: PayToMandateOptions };
  status: "active" | "inactive" | "pending";
  type: "multi_use";
}

export interface FakeSetupIntent {
  id: string;
  object: "setup_intent";
  created: number;
  customer: string | null;
  livemode: false;
  mandate: string | null;
  metadata: Record<string, string>;
  payment_method: string | null;
  payment_method_types: string[];
  status: "succeeded";
  usage: "off_session";
}

/** An event Stripe has to deliver: its type and its object as it was when the event was made. */
export interface PendingEvent {
  type: string;
  object: object;
}
