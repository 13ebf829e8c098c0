import type { FollowUpName, QuoteEntry, QuoteMonth, QuoteStatus } from "../app/quotes/quote-book";
import type { QuoteRecord } from "../app/quotes/quote";
import { constantTimeEqual } from "../app/utils/constant-time";
import { addDays, daysBetween, melbourneToday } from "../app/utils/melbourne-time";

type Row = {
  id: string;
  status: QuoteStatus;
  invoice: string | null;
  booked_at: string | null;
  proved_at: string | null;
  follow_ups: string;
  record: string;
  unsubscribed: number;
};

const followUpDays = { questions: 3 } as const;

/**
 * The quote book (app/quotes/quote-book.ts): one object, SQLite storage, a row per quote with the
 * columns its questions read (its Melbourne day and month, event date, booth, state), and the
 * addresses that unsubscribed. Every change is one synchronous step: a follow-up handed out is
 * marked in the same step. Whether a press of "Book this quote" may book is the date's holds'
 * to decide (workers/booking-holds.ts); `claimed_at` kept the claims made here before issue 59,
 * and a claim never settled opens again.
 */
export class QuoteBook implements DurableObject {
  private readonly sql: SqlStorage;

  constructor(state: DurableObjectState) {
    this.sql = state.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS quotes (
      id TEXT PRIMARY KEY, received_day TEXT NOT NULL, month TEXT NOT NULL, event_date TEXT NOT NULL, booth TEXT NOT NULL, valid_until TEXT NOT NULL,
      email TEXT NOT NULL, priced INTEGER NOT NULL, status TEXT NOT NULL, invoice TEXT, booked_at TEXT, booked_day TEXT, claimed_at TEXT, proved_at TEXT,
      follow_ups TEXT NOT NULL, record TEXT NOT NULL)`);
    this.sql.exec("CREATE INDEX IF NOT EXISTS quotes_by_month ON quotes (month)");
    this.sql.exec("CREATE INDEX IF NOT EXISTS quotes_open ON quotes (status, valid_until)");
    this.sql.exec("CREATE INDEX IF NOT EXISTS quotes_by_event ON quotes (event_date, booth)");
    this.sql.exec("CREATE INDEX IF NOT EXISTS quotes_by_booked_day ON quotes (booked_day)");
    this.sql.exec("CREATE TABLE IF NOT EXISTS unsubscribed (email TEXT PRIMARY KEY, at TEXT NOT NULL)");
    // A press's claim from before issue 59 that was never settled: the date's holds decide a quote's use now, and nothing would free it.
    this.sql.exec("UPDATE quotes SET status = 'open', claimed_at = NULL WHERE status = 'booking'");
  }

  async fetch(request: Request): Promise<Response> {
    if (request.method !== "POST") return new Response("Bad request", { status: 400 });
    const body = await request.json<Record<string, string>>();
    switch (new URL(request.url).pathname) {
      case "/put":
        for (const quote of body as unknown as QuoteRecord[]) this.put(quote);
        return Response.json(null);
      case "/forget":
        this.sql.exec("DELETE FROM quotes WHERE id = ? AND status = 'open'", body.id!);
        return Response.json(null);
      case "/get":
        return Response.json(this.entry(body.id!));
      case "/settle":
        return Response.json(this.settle(body.id!, body.invoiceNumber!, body.at!));
      case "/decline":
        return Response.json(this.decline(body.id!));
      case "/prove":
        return Response.json(await this.prove(body.id!, body.proofHash!, body.at!));
      case "/unsubscribe":
        this.sql.exec("INSERT INTO unsubscribed (email, at) VALUES (?, ?) ON CONFLICT (email) DO NOTHING", folded(body.email!), body.at!);
        return Response.json(null);
      case "/due":
        return Response.json(this.due(body.today!, body.at!));
      case "/taken":
        return Response.json(this.taken(body.eventDate!, body.boothType!, body.today!, body.at!));
      case "/unmark":
        return Response.json(this.unmark(body.id!, body.name as FollowUpName));
      case "/months":
        return Response.json(this.months(body.from!, body.to!));
      case "/morning":
        return Response.json(this.morning(body.today!, body.day as unknown as { from: string; to: string }));
      default:
        return new Response("Not found", { status: 404 });
    }
  }

  private put(quote: QuoteRecord): void {
    const day = melbourneToday(new Date(quote.receivedAt));
    const { emailDelivery: _kept, ...stored } = quote;
    this.sql.exec(
      `INSERT INTO quotes (id, received_day, month, event_date, booth, valid_until, email, priced, status, follow_ups, record)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'open', '{}', ?) ON CONFLICT (id) DO NOTHING`,
      quote.id,
      day,
      day.slice(0, 7),
      quote.eventDate,
      quote.service,
      quote.validUntil,
      folded(quote.email),
      quote.offer.priced ? 1 : 0,
      JSON.stringify({ ...stored, emailDelivery: {} }),
    );
  }

  private rows(where: string, ...values: SqlStorageValue[]): Row[] {
    return this.sql
      .exec<Row>(
        `SELECT id, status, invoice, booked_at, proved_at, follow_ups, record, EXISTS (SELECT 1 FROM unsubscribed u WHERE u.email = quotes.email) AS unsubscribed
         FROM quotes WHERE ${where}`,
        ...values,
      )
      .toArray();
  }

  private entry(id: string): QuoteEntry | null {
    const row = this.rows("id = ?", id)[0];
    return row ? entryOf(row) : null;
  }

  private settle(id: string, invoiceNumber: string, at: string): null {
    this.sql.exec("UPDATE quotes SET status = 'booked', invoice = ?, booked_at = ?, booked_day = ?, claimed_at = NULL WHERE id = ?", invoiceNumber, at, melbourneToday(new Date(at)), id);
    return null;
  }

  private decline(id: string): QuoteEntry | null {
    this.sql.exec("UPDATE quotes SET status = 'declined' WHERE id = ? AND status = 'open'", id);
    return this.entry(id);
  }

  private async prove(id: string, proofHash: string, at: string): Promise<boolean> {
    const row = this.rows("id = ?", id)[0];
    if (!row) return false;
    if (row.proved_at) return true;
    const stored = (JSON.parse(row.record) as QuoteRecord).addressProof.sha256;
    // Compared even when none is stored, so timing tells nothing.
    const matches = constantTimeEqual(proofHash, stored ?? "\u0000");
    if (!stored || !matches) return false;
    this.sql.exec("UPDATE quotes SET proved_at = ? WHERE id = ?", at, id);
    return true;
  }

  /** Open, priced, proved quotes whose address did not unsubscribe: the only ones followed up. */
  private followed(where: string, ...values: SqlStorageValue[]): Row[] {
    return this.rows(
      `status = 'open' AND priced = 1 AND proved_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM unsubscribed u WHERE u.email = quotes.email) AND ${where}`,
      ...values,
    );
  }

  private mark(row: Row, name: FollowUpName, at: string): QuoteEntry {
    const followUps = { ...(JSON.parse(row.follow_ups) as QuoteEntry["followUps"]), [name]: at };
    this.sql.exec("UPDATE quotes SET follow_ups = ? WHERE id = ?", JSON.stringify(followUps), row.id);
    return { ...entryOf(row), followUps };
  }

  private due(today: string, at: string): { entry: QuoteEntry; name: FollowUpName }[] {
    const handed: { entry: QuoteEntry; name: FollowUpName }[] = [];
    for (const row of this.followed("valid_until >= ?", today)) {
      const sent = JSON.parse(row.follow_ups) as QuoteEntry["followUps"];
      const quote = JSON.parse(row.record) as QuoteRecord;
      const day = melbourneToday(new Date(quote.receivedAt));
      // The day before its last day; a quote whose last day has come without it gets the questions' one at most.
      const name: FollowUpName | null = today >= addDays(quote.validUntil, -1) ? (sent.expiring ? null : "expiring") : daysBetween(day, today) >= followUpDays.questions && !sent.questions ? "questions" : null;
      if (name) handed.push({ entry: this.mark(row, name, at), name });
    }
    return handed;
  }

  private taken(eventDate: string, boothType: string, today: string, at: string): QuoteEntry[] {
    return this.followed("event_date = ? AND booth = ? AND valid_until >= ?", eventDate, boothType, today)
      .filter((row) => !(JSON.parse(row.follow_ups) as QuoteEntry["followUps"]).taken)
      .map((row) => this.mark(row, "taken", at));
  }

  private unmark(id: string, name: FollowUpName): null {
    const row = this.rows("id = ?", id)[0];
    if (!row) return null;
    const { [name]: _sent, ...rest } = JSON.parse(row.follow_ups) as QuoteEntry["followUps"];
    this.sql.exec("UPDATE quotes SET follow_ups = ? WHERE id = ?", JSON.stringify(rest), id);
    return null;
  }

  private months(from: string, to: string): QuoteMonth[] {
    const months = new Map<string, QuoteMonth>();
    const rows = this.sql.exec<{ month: string; received_day: string; booked_day: string | null }>(
      "SELECT month, received_day, booked_day FROM quotes WHERE month >= ? AND month <= ? ORDER BY month",
      from,
      to,
    );
    for (const row of rows) {
      const month = months.get(row.month) ?? { month: row.month, quotes: 0, booked: 0, daysToBook: [] };
      month.quotes += 1;
      if (row.booked_day) {
        month.booked += 1;
        month.daysToBook.push(daysBetween(row.received_day, row.booked_day));
      }
      months.set(row.month, month);
    }
    return [...months.values()];
  }

  private morning(today: string, day: { from: string; to: string }): { open: number; converted: QuoteEntry[] } {
    const open = this.sql.exec<{ open: number }>("SELECT COUNT(*) AS open FROM quotes WHERE status = 'open' AND valid_until >= ?", today).one().open;
    return { open, converted: this.rows("booked_day >= ? AND booked_day <= ? ORDER BY booked_at", day.from, day.to).map(entryOf) };
  }
}

function folded(email: string): string {
  return email.trim().toLowerCase();
}

function entryOf(row: Row): QuoteEntry {
  return {
    quote: JSON.parse(row.record) as QuoteRecord,
    status: row.status,
    ...(row.invoice && { invoiceNumber: row.invoice }),
    ...(row.booked_at && { bookedAt: row.booked_at }),
    ...(row.proved_at && { provedAt: row.proved_at }),
    unsubscribed: row.unsubscribed === 1,
    followUps: JSON.parse(row.follow_ups) as QuoteEntry["followUps"],
  };
}
