import type { AppLoadContext } from "@remix-run/cloudflare";
import { durableHolds, type BookingHolds } from "~/bookings/holds.server";
import { durableInvoiceClaims, type InvoiceClaims } from "~/bookings/invoice-claims.server";
import type { MailMessage } from "~/mail/queue.server";
import { durableBookingLedger, recordDeliveries, type BookingLedger } from "~/bookings/ledger.server";
import type { RecordDeliveries } from "~/mail/deliveries.server";
import { assetFontFiles, type FontFiles } from "~/bookings/invoice-fonts.server";
import type { AppConfig } from "../workers/load-context";

/** What the domain code needs from the Worker, passed in explicitly so tests can supply it. */
export interface Services {
  config: AppConfig;
  kv: KVNamespace;
  r2: R2Bucket;
  claims: InvoiceClaims;
  /** Where e-mails wait to be sent: call `queueMails`, not this. */
  mailQueue: Queue<MailMessage>;
  holds: BookingHolds;
  /** Every change to a stored booking goes through its ledger. */
  ledger: BookingLedger;
  /** Where records' e-mail state is changed: call `queueMails`, not this. */
  deliveries: RecordDeliveries;
  /** The invoice PDF's font files. */
  fonts: FontFiles;
  now: () => Date;
}

type Bindings = Pick<AppLoadContext, "config" | "bookings" | "invoices" | "invoiceNumbers" | "emailQueue" | "bookingHolds" | "bookingLedger" | "assets">;

/** `now` is the clock: the scheduled handler passes the time the run was scheduled for. */
export function servicesFrom(context: Bindings, now: () => Date = () => new Date()): Services {
  const ledger = durableBookingLedger(context.bookingLedger);
  return {
    config: context.config,
    kv: context.bookings,
    r2: context.invoices,
    claims: durableInvoiceClaims(context.invoiceNumbers),
    mailQueue: context.emailQueue,
    holds: durableHolds(context.bookingHolds),
    ledger,
    deliveries: recordDeliveries(context.bookings, ledger),
    fonts: assetFontFiles(context.assets),
    now,
  };
}

/** A short random id for keys that need one (not a secret). */
export function shortId(): string {
  return crypto.randomUUID().slice(0, 8);
}
