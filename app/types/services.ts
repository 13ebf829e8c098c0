import type { AppConfig } from "~/config.server";
import type { RecordDeliveries } from "~/mail/deliveries.server";
import type { MailMessage } from "~/mail/message";
import type { BoothType } from "~/pricing";
import type { SubmissionLimits } from "~/rate-limit.server";

/**
 * Everything the domain code may use, built once per request (or queue batch, or scheduled run)
 * by `workers/services.ts`. Each domain function names the few it uses (`Pick<Services, ...>` or
 * its own deps interface), so tests hand in only those.
 *
 * The platform's bindings and what lies below the domain are named here. Each client a domain room
 * owns is added by that room, beside its interface (declaration merging, as `load-context.ts` adds
 * to Remix's context), so this leaf imports no domain room: `ledger` (app/bookings/record/
 * ledger-protocol.ts), `holds` (app/bookings/holds/holds.server.ts), `index`
 * (app/bookings/by-date/booking-index.ts), `claims` (app/bookings/numbers/invoice-claims.server.ts),
 * `fonts` (app/bookings/invoice/invoice-fonts.server.ts), `promoUses`
 * (app/promos/promo-uses.server.ts), `quotes` (app/quotes/quote-book.ts), `crew`
 * (app/crew/crew-book.ts) and the ledger's call to the crew, `crewFollows`
 * (app/bookings/ledger/follow-ups.server.ts).
 */
export interface Services {
  config: AppConfig;
  kv: KVNamespace;
  r2: R2Bucket;
  /** Where e-mails wait to be sent: call `queueMails`, not this. */
  mailQueue: Queue<MailMessage>;
  /** Each visitor's form submissions over their limits' spans: call `takeSubmission`, not this. */
  submissionLimits: SubmissionLimits;
  /** Where records' e-mail state is changed: call `queueMails`, not this. */
  deliveries: RecordDeliveries;
  /** Tells the open quotes for a booth on a date that a booking now holds it for good (app/quotes/follow-ups.server.ts); a booking's ledger calls it. */
  dateTaken: (eventDate: string, boothType: BoothType) => Promise<void>;
  /** The clock: the scheduled handler passes the time the run was scheduled for. */
  now: () => Date;
}
