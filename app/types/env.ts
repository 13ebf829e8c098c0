import type { MailMessage } from "~/mail/message";

/** What wrangler hands the Worker: bindings from wrangler.toml, vars and secrets. */
export interface Env {
  BOOKINGS: KVNamespace;
  INVOICES: R2Bucket;
  INVOICE_NUMBERS: DurableObjectNamespace;
  EMAIL_QUEUE: Queue<MailMessage>;
  /** The autopay queue: its message is the domain's (app/bookings/autopay/charge-message.ts), which this leaf does not import. */
  AUTOPAY_QUEUE: Queue<unknown>;
  /** New bookings' ledger opens (app/bookings/record/ledger-opens.server.ts), typed there as the autopay queue's is. */
  LEDGER_OPENS: Queue<unknown>;
  /** The static files of public/ (wrangler.toml [assets]): the stylesheet pages inline, the invoice PDF's fonts. */
  ASSETS: Fetcher;
  BOOKING_HOLDS: DurableObjectNamespace;
  BOOKING_LEDGER: DurableObjectNamespace;
  BOOKING_INDEX: DurableObjectNamespace;
  PROMO_USES: DurableObjectNamespace;
  SUBMISSION_LIMITS: DurableObjectNamespace;
  QUOTE_BOOK: DurableObjectNamespace;
  CREW_BOOK: DurableObjectNamespace;
  LINK_GENERATIONS: DurableObjectNamespace;
  SITE_ORIGIN?: string;
  OWNER_EMAIL?: string;
  MAIL_FROM?: string;
  MAILCHANNELS_API_KEY?: string;
  MAILCHANNELS_API_URL?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_BUY_BUTTON_ID?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_API_BASE?: string;
  RATE_LIMIT_MAX?: string;
  RATE_LIMIT_WINDOW_SECONDS?: string;
  EMAIL_RETRY_DELAYS_SECONDS?: string;
  LEDGER_RETRY_SECONDS?: string;
  PROVISIONAL_HOLD_SECONDS?: string;
  OWNER_LINK_SECRET?: string;
  OWNER_FEED_SECRET?: string;
  OWNER_DAY_SECRET?: string;
  /** The integration tests' clock (app/config.server.ts): never bound in wrangler.toml. */
  TEST_CLOCK?: KVNamespace;
  /** The integration tests' counter of storage calls, told of each answer (app/config.server.ts): never bound in wrangler.toml. */
  TEST_TRACE?: Fetcher;
}
