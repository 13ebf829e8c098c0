/**
 * The quote book: one Durable Object with SQLite storage (`workers/quote-book.ts`) holding every
 * quote and where it stands, by month. A quote turns into at most one booking, and each follow-up
 * goes once, so its state changes where two requests cannot both win; the owner's numbers and the
 * morning e-mail read it in one call each, however many quotes were ever given
 * (docs/product-decisions.md, "Quotes"). The KV copy (`quote:` keys) is the owner's to read with
 * wrangler and where the e-mails record how they went.
 */
import type { QuoteRecord } from "./quote";

/** Whether a press may book it is the date's holds' to decide (app/quotes/book.server.ts). */
export type QuoteStatus = "open" | "booked" | "declined";

/** A quote and where it stands. */
export interface QuoteEntry {
  quote: QuoteRecord;
  status: QuoteStatus;
  /** The booking made from it, once booked. */
  invoiceNumber?: string;
  bookedAt?: string;
  /** When the client proved their address from the quote e-mail. */
  provedAt?: string;
  /** The address asked for no more follow-ups. */
  unsubscribed: boolean;
  /** Follow-ups sent, by name. */
  followUps: Partial<Record<FollowUpName, string>>;
}

/** "questions" three days on, "expiring" the day before its last day, "taken" when its date goes. */
export type FollowUpName = "questions" | "expiring" | "taken";

/** One month's quotes for the owner's numbers: how many, how many were booked, and in how many whole days each. */
export interface QuoteMonth {
  month: string;
  quotes: number;
  booked: number;
  daysToBook: number[];
}

export interface QuoteBook {
  /** Stores new quotes (one, as a visitor asks; many, as the scale test seeds them) in one step. */
  put(quotes: readonly QuoteRecord[]): Promise<void>;
  /** Takes back a quote whose KV copy could not be written: the visitor was told nothing was kept. */
  forget(id: string): Promise<void>;
  get(id: string): Promise<QuoteEntry | null>;
  /** Booked as `invoiceNumber`: its booking's ledger says so once it has the booking (the date's holds decided the quote's use). */
  settle(id: string, invoiceNumber: string, at: string): Promise<void>;
  /** "No thanks" on the quote page: no follow-up after it. */
  decline(id: string): Promise<QuoteEntry | null>;
  /** The address proved when `proofHash` is the quote's proof (spent once used). */
  prove(id: string, proofHash: string, at: string): Promise<boolean>;
  unsubscribe(email: string, at: string): Promise<void>;
  /** Follow-ups due on `today`, each marked sent as it is handed out, so it goes once. */
  due(today: string, at: string): Promise<{ entry: QuoteEntry; name: FollowUpName }[]>;
  /** Open, proved quotes for `boothType` on `eventDate` not yet told their date was taken, marked told. */
  taken(eventDate: string, boothType: string, today: string, at: string): Promise<QuoteEntry[]>;
  /** A follow-up handed out that could not be queued, to go again. */
  unmark(id: string, name: FollowUpName): Promise<void>;
  months(from: string, to: string): Promise<QuoteMonth[]>;
  /** For the morning e-mail: quotes open on `today`, and those booked on the Melbourne day `day`. */
  morning(today: string, day: { from: string; to: string }): Promise<{ open: number; converted: QuoteEntry[] }>;
}

export function durableQuoteBook(namespace: DurableObjectNamespace): QuoteBook {
  // One book for the site: a few quotes a day fit one object easily.
  const stub = () => namespace.get(namespace.idFromName("all"));
  async function call<T>(path: string, body: unknown): Promise<T> {
    const response = await stub().fetch(`https://quote-book${path}`, { method: "POST", body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`The quote book answered ${response.status} to ${path}: ${await response.text()}`);
    return response.json<T>();
  }
  return {
    put: (quotes) => call("/put", quotes),
    forget: (id) => call("/forget", { id }),
    get: (id) => call("/get", { id }),
    settle: (id, invoiceNumber, at) => call("/settle", { id, invoiceNumber, at }),
    decline: (id) => call("/decline", { id }),
    prove: (id, proofHash, at) => call("/prove", { id, proofHash, at }),
    unsubscribe: (email, at) => call("/unsubscribe", { email, at }),
    due: (today, at) => call("/due", { today, at }),
    taken: (eventDate, boothType, today, at) => call("/taken", { eventDate, boothType, today, at }),
    unmark: (id, name) => call("/unmark", { id, name }),
    months: (from, to) => call("/months", { from, to }),
    morning: (today, day) => call("/morning", { today, day }),
  };
}

declare module "~/types/services" {
  interface Services {
    /** Every quote and where it stands: booked, declined, its follow-ups. */
    quotes: QuoteBook;
  }
}
