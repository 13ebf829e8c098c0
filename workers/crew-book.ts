import type { AttendantRules, CrewDecision } from "../app/crew/crew-book";
import { answerRefusal, assignmentRefusal, type Assignment, type AssignmentStatus, type CrewEvent } from "../app/crew/crew";

type Row = { attendant: string; invoice: string; event_date: string; start: string | null; hours: number; booth: string; status: string; at: string };

function assignmentOf(row: Row): Assignment {
  return { attendantId: row.attendant, invoiceNumber: row.invoice, eventDate: row.event_date, start: row.start, hours: row.hours, booth: row.booth as CrewEvent["booth"], status: row.status as AssignmentStatus, at: row.at };
}

/**
 * The crew book (app/crew/crew-book.ts): one object, SQLite storage, a row per assignment. An
 * assignment is decided in one synchronous step (the attendant's other events read, the rules
 * applied, the row written), so of two overlapping events assigned the same attendant at once,
 * one wins and the other is refused with the reason.
 */
export class CrewBook implements DurableObject {
  private readonly sql: SqlStorage;

  constructor(state: DurableObjectState) {
    this.sql = state.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS assignments (
      attendant TEXT NOT NULL, invoice TEXT NOT NULL, event_date TEXT NOT NULL, start TEXT, hours REAL NOT NULL, booth TEXT NOT NULL,
      status TEXT NOT NULL, at TEXT NOT NULL, PRIMARY KEY (attendant, invoice))`);
    this.sql.exec("CREATE INDEX IF NOT EXISTS assignments_by_event ON assignments (invoice)");
  }

  async fetch(request: Request): Promise<Response> {
    if (request.method !== "POST") return new Response("Bad request", { status: 400 });
    const body = await request.json<Record<string, unknown>>();
    switch (new URL(request.url).pathname) {
      case "/assign":
        return Response.json(this.assign(body.attendant as AttendantRules, body.event as CrewEvent, String(body.at)));
      case "/answer":
        return Response.json(this.answer(body.attendant as AttendantRules, body.event as CrewEvent, body.status === "accepted" ? "accepted" : "declined", String(body.at)));
      case "/unassign":
        this.sql.exec("DELETE FROM assignments WHERE attendant = ? AND invoice = ?", String(body.attendantId), String(body.invoiceNumber));
        return Response.json(null);
      case "/of-event":
        return Response.json(this.rows("SELECT * FROM assignments WHERE invoice = ? ORDER BY at", String(body.invoiceNumber)));
      case "/between":
        return Response.json(this.rows("SELECT * FROM assignments WHERE event_date BETWEEN ? AND ? ORDER BY event_date", String(body.from), String(body.to)));
      case "/of-attendant":
        return Response.json(this.rows("SELECT * FROM assignments WHERE attendant = ? AND event_date >= ? ORDER BY event_date, start", String(body.attendantId), String(body.from)));
      default:
        return new Response("Unknown request", { status: 404 });
    }
  }

  private rows(query: string, ...bindings: string[]): Assignment[] {
    return this.sql.exec<Row>(query, ...bindings).toArray().map(assignmentOf);
  }

  /** The attendant's events from the day before `event`'s (an evening event runs past midnight) on. */
  private around(attendantId: string, event: CrewEvent): Assignment[] {
    const from = new Date(Date.parse(`${event.eventDate}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    return this.rows("SELECT * FROM assignments WHERE attendant = ? AND event_date >= ?", attendantId, from);
  }

  private assign(attendant: AttendantRules, event: CrewEvent, at: string): CrewDecision {
    const theirs = this.around(attendant.id, event);
    const reason = assignmentRefusal(attendant, event, theirs);
    if (reason) return { ok: false, reason };
    const kept = theirs.find((assignment) => assignment.invoiceNumber === event.invoiceNumber);
    // An answer is for a date and its times: moved, or its times changed, the attendant answers again.
    const answerHolds = kept && kept.eventDate === event.eventDate && kept.start === event.start && kept.hours === event.hours;
    const assignment: Assignment = { ...event, attendantId: attendant.id, status: answerHolds ? kept.status : "assigned", at: answerHolds ? kept.at : at };
    this.sql.exec(
      "INSERT OR REPLACE INTO assignments (attendant, invoice, event_date, start, hours, booth, status, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      attendant.id,
      event.invoiceNumber,
      event.eventDate,
      event.start,
      event.hours,
      event.booth,
      assignment.status,
      assignment.at,
    );
    return { ok: true, assignment };
  }

  /** Decided in one step as an assignment is: the rules read against their other events and the event's crew as they are, then the answer written. */
  private answer(attendant: AttendantRules, event: CrewEvent, status: "accepted" | "declined", at: string): CrewDecision {
    const crew = this.rows("SELECT * FROM assignments WHERE invoice = ?", event.invoiceNumber);
    const own = crew.find((assignment) => assignment.attendantId === attendant.id);
    if (!own) return { ok: false, reason: "You are not on that event any more." };
    const reason = answerRefusal(attendant, event, status, this.around(attendant.id, event), crew, at);
    if (reason) return { ok: false, reason };
    this.sql.exec("UPDATE assignments SET status = ?, at = ? WHERE attendant = ? AND invoice = ?", status, at, attendant.id, event.invoiceNumber);
    return { ok: true, assignment: { ...own, status, at } };
  }
}
