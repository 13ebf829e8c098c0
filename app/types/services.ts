import type { BookingHolds } from "~/bookings/holds/holds.server";
import type { FontFiles } from "~/bookings/invoice/invoice-fonts.server";
import type { InvoiceClaims } from "~/bookings/numbers/invoice-claims.server";
import type { BookingIndex } from "~/bookings/by-date/booking-index";
import type { BookingLedger } from "~/bookings/record/ledger-protocol";
import type { AppConfig } from "~/config.server";
import type { RecordDeliveries } from "~/mail/deliveries.server";
import type { MailMessage } from "~/mail/message";
import type { PromoUses } from "~/promos/promo-uses.server";
import type { QuoteBook } from "~/quotes/quote-book";
import type { BoothType } from "~/pricing";
import type { SubmissionLimits } from "~/rate-limit.server";

/**
 * Everything the domain code may use, built once per request (or queue batch, or scheduled run)
 * by `workers/services.ts`. Each domain function names the few it uses (`Pick<Services, ...>` or
 * its own deps interface), so tests hand in only those.
 */
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
  /** Bookings by the dates that matter: what owner reads and scheduled runs look at. */
  index: BookingIndex;
  /** Each promo code's uses, never more than its limit. */
  promoUses: PromoUses;
  /** Each visitor's form submissions in the current window: call `takeSubmission`, not this. */
  submissionLimits: SubmissionLimits;
  /** Every quote and where it stands: booked, declined, its follow-ups. */
  quotes: QuoteBook;
  /** Where records' e-mail state is changed: call `queueMails`, not this. */
  deliveries: RecordDeliveries;
  /** The invoice PDF's font files. */
  fonts: FontFiles;
  /** Tells the open quotes for a booth on a date that a booking now holds it for good (app/quotes/follow-ups.server.ts); a booking's ledger calls it. */
  dateTaken: (eventDate: string, boothType: BoothType) => Promise<void>;
  /** The clock: the scheduled handler passes the time the run was scheduled for. */
  now: () => Date;
}
