import type { IndexedBooking, IndexQuery, IndexRow } from "../app/bookings/by-date/booking-index";

/**
 * The index of bookings by their dates (app/bookings/by-date/booking-index.ts, decision 008): one
 * object, SQLite storage, a row per booking with the columns its queries read. Each query is one
 * call to the object however many bookings were ever stored; it reads only the rows of its dates.
 */
export class BookingIndex implements DurableObject {
  private readonly sql: SqlStorage;

  constructor(private readonly state: DurableObjectState) {
    this.sql = state.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS bookings (
      invoice TEXT PRIMARY KEY, event_date TEXT NOT NULL, status TEXT NOT NULL, received_at TEXT NOT NULL, attention INTEGER NOT NULL, entry TEXT NOT NULL)`);
    this.sql.exec("CREATE INDEX IF NOT EXISTS bookings_by_event ON bookings (event_date)");
    this.sql.exec("CREATE INDEX IF NOT EXISTS bookings_by_status ON bookings (status, received_at)");
    this.sql.exec("CREATE INDEX IF NOT EXISTS bookings_by_attention ON bookings (attention)");
    // Added with the owner's search: rows stored before it search as empty until stored again (`npm run reindex` stores them all).
    if (!this.sql.exec("SELECT name FROM pragma_table_info('bookings') WHERE name = 'search_text'").toArray().length) {
      this.sql.exec("ALTER TABLE bookings ADD COLUMN search_text TEXT NOT NULL DEFAULT ''");
    }
    this.sql.exec("CREATE TABLE IF NOT EXISTS money_days (invoice TEXT NOT NULL, day TEXT NOT NULL, PRIMARY KEY (invoice, day))");
    this.sql.exec("CREATE INDEX IF NOT EXISTS money_by_day ON money_days (day)");
  }

  async fetch(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    if (request.method !== "POST") return new Response("Bad request", { status: 400 });
    if (path === "/put") {
      this.put(await request.json<IndexRow[]>());
      return Response.json(null);
    }
    if (path === "/find") return Response.json(this.find(await request.json<IndexQuery>()));
    return new Response("Not found", { status: 404 });
  }

  private put(rows: readonly IndexRow[]): void {
    // Synchronous: the object's storage makes the whole batch one atomic write.
    for (const row of rows) {
      this.sql.exec(
        `INSERT INTO bookings (invoice, event_date, status, received_at, attention, entry, search_text) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (invoice) DO UPDATE SET event_date = excluded.event_date, status = excluded.status, received_at = excluded.received_at, attention = excluded.attention, entry = excluded.entry,
           search_text = excluded.search_text`,
        row.invoiceNumber,
        row.eventDate,
        row.status,
        row.receivedAt,
        row.attention ? 1 : 0,
        JSON.stringify(row.entry),
        row.searchText,
      );
      this.sql.exec("DELETE FROM money_days WHERE invoice = ?", row.invoiceNumber);
      for (const day of row.moneyDays) this.sql.exec("INSERT INTO money_days (invoice, day) VALUES (?, ?)", row.invoiceNumber, day);
    }
  }

  private find(query: IndexQuery): IndexedBooking[] {
    const entries = (cursor: SqlStorageCursor<{ entry: string }>) => cursor.toArray().map((row) => JSON.parse(row.entry) as IndexedBooking);
    switch (query.kind) {
      case "events":
        return entries(this.sql.exec("SELECT entry FROM bookings WHERE event_date >= ? AND event_date <= ? ORDER BY event_date, invoice", query.from, query.to ?? "9999-12-31"));
      case "money":
        return entries(
          this.sql.exec(
            "SELECT entry FROM bookings WHERE invoice IN (SELECT invoice FROM money_days WHERE day >= ? AND day <= ?) ORDER BY event_date, invoice",
            query.from,
            query.to,
          ),
        );
      case "morning":
        return entries(
          this.sql.exec(
            `SELECT entry FROM bookings WHERE (event_date >= ? AND (event_date <= ? OR status IN ('requested', 'confirmed'))) OR status = 'requested' OR attention = 1
             ORDER BY event_date, invoice`,
            query.from,
            query.to,
          ),
        );
      case "holding":
        return entries(this.sql.exec("SELECT entry FROM bookings WHERE status IN ('requested', 'confirmed') AND received_at <= ? ORDER BY received_at", query.receivedBy));
      case "search": {
        // The text is matched literally: LIKE's own wildcards in it are escaped.
        const pattern = `%${query.text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
        return entries(this.sql.exec("SELECT entry FROM bookings WHERE search_text LIKE ? ESCAPE '\\' ORDER BY event_date DESC, invoice LIMIT ?", pattern, query.limit));
      }
    }
  }
}
