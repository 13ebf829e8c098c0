import type { AttendantRules, CrewDecision } from "../app/crew/crew-book";
import { answerRefusal, assignmentRefusal, newsWindowMs, type Assignment, type AssignmentStatus, type CrewEvent } from "../app/crew/crew";
import { sendCrewNews } from "../app/crew/follow.server";
import type { Env } from "../app/types/env";
import { setAlarmBy } from "../app/utils/durable-alarm";
import { parseConfig } from "./load-context";
import { buildServices } from "./services";

type NewsRow = { invoice: string; sent_at: string; due: string | null; reset: string };

type Row = { attendant: string; invoice: string; event_date: string; start: string | null; hours: number; booth: string; status: string; at: string };

function assignmentOf(row: Row): Assignment {
  return { attendantId: row.attendant, invoiceNumber: row.invoice, eventDate: row.event_date, start: row.start, hours: row.hours, booth: row.booth as CrewEvent["booth"], status: row.status as AssignmentStatus, at: row.at };
}

/**
 * The crew book (app/crew/crew-book.ts): one object, SQLite storage, a row per assignment. An
 * assignment is decided in one synchronous step (the attendant's other events read, the rules
 * applied, the row written), so of two overlapping events assigned the same attendant at once,
 * one wins and the other is refused with the reason.
 *
 * It also keeps when each event's crew was last e-mailed its changes (`news`): the first change is
 * e-mailed at once, later ones within the hour wait for its end, when the alarm sends them
 * together (the event as it is then), so saving a booking's details again and again sends nothing
 * more than one e-mail an hour.
 */
export class CrewBook implements DurableObject {
  private readonly sql: SqlStorage;

  constructor(
    private readonly state: DurableObjectState,
    private readonly env: Env,
  ) {
    this.sql = state.storage.sql;
    this.sql.exec("CREATE TABLE IF NOT EXISTS news (invoice TEXT PRIMARY KEY, sent_at TEXT NOT NULL, due TEXT, reset TEXT NOT NULL DEFAULT '[]')");
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
      case "/news":
        return Response.json(await this.news(String(body.invoiceNumber), String(body.at), (body.reset as string[] | undefined) ?? []));
      case "/news-due":
        await this.sendDue(String(body.at));
        return Response.json(null);
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

  /** The alarm: the changes whose hour has ended go out together. */
  async alarm(): Promise<void> {
    await this.sendDue(new Date().toISOString());
  }

  /**
   * Whether a change to event `invoiceNumber` at `at` is e-mailed now: yes when its crew heard of
   * none in the hour before (and this one counts from now); otherwise it waits for that hour's end,
   * with the attendants whose answer it reset (`reset`), for the e-mail then to ask them again.
   */
  private async news(invoiceNumber: string, at: string, reset: readonly string[]): Promise<{ now: boolean }> {
    const row = this.sql.exec<NewsRow>("SELECT * FROM news WHERE invoice = ?", invoiceNumber).toArray()[0];
    if (!row || Date.parse(at) - Date.parse(row.sent_at) >= newsWindowMs) {
      this.sql.exec("INSERT OR REPLACE INTO news (invoice, sent_at, due, reset) VALUES (?, ?, NULL, '[]')", invoiceNumber, at);
      return { now: true };
    }
    const due = new Date(Date.parse(row.sent_at) + newsWindowMs).toISOString();
    const resetSoFar = [...new Set([...(JSON.parse(row.reset) as string[]), ...reset])];
    this.sql.exec("UPDATE news SET due = ?, reset = ? WHERE invoice = ?", due, JSON.stringify(resetSoFar), invoiceNumber);
    await setAlarmBy(this.state.storage, Date.parse(due));
    return { now: false };
  }

  /** Sends every event's waiting changes whose hour has ended by `at`; each send counts as the event's last, so changes in the hour after wait again. */
  private async sendDue(at: string): Promise<void> {
    const due = this.sql.exec<NewsRow>("SELECT * FROM news WHERE due IS NOT NULL AND due <= ?", at).toArray();
    if (due.length) {
      const services = buildServices(this.env, parseConfig(this.env));
      for (const row of due) {
        // Named by the hour's end, so a retried alarm queues nothing twice.
        await sendCrewNews(services, this.rows("SELECT * FROM assignments WHERE invoice = ?", row.invoice), { name: row.due!, reset: JSON.parse(row.reset) as string[] });
        this.sql.exec("UPDATE news SET sent_at = ?, due = NULL, reset = '[]' WHERE invoice = ?", row.due!, row.invoice);
      }
    }
    const next = this.sql.exec<{ due: string | null }>("SELECT MIN(due) AS due FROM news").one().due;
    if (next) await setAlarmBy(this.state.storage, Date.parse(next));
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
