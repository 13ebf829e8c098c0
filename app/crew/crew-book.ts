/**
 * The crew book: every assignment of an attendant to an event, in one Durable Object
 * (workers/crew-book.ts), so that two assignments of one attendant made at once are decided one
 * after the other and only one of two overlapping events gets them (docs/product-decisions.md,
 * "Attendants"). This module only carries requests to it.
 */
import type { Assignment, Attendant, CrewEvent } from "./crew";

/** What the book needs of an attendant to decide: the rest stays in KV. */
export type AttendantRules = Pick<Attendant, "id" | "name" | "booths" | "wwccExpires" | "removedAt">;

/** What the book decided: the assignment as it stands, or why not. */
export type CrewDecision = { ok: true; assignment: Assignment } | { ok: false; reason: string };

export interface CrewBook {
  /** Assigns the attendant to the event unless a rule refuses it (the reason); assigning again the one already on it keeps their answer, unless the event moved or its times changed (they answer again). */
  assign(attendant: AttendantRules, event: CrewEvent, at: string): Promise<CrewDecision>;
  /** The attendant's answer to their assignment to `event` as it is now, unless a rule refuses it (`answerRefusal`: the reason; also when they are not on it). */
  answer(attendant: AttendantRules, event: CrewEvent, status: "accepted" | "declined", at: string): Promise<CrewDecision>;
  /**
   * Whether a change to the event at `at` is e-mailed to its crew now (none in the hour before), or
   * waits for that hour's end with every other change in it; `reset` names the attendants whose
   * answer it reset.
   */
  news(invoiceNumber: string, at: string, reset: readonly string[]): Promise<{ now: boolean }>;
  /** What the book's alarm does: sends every event's waiting changes whose hour has ended by `at`. */
  sendDueNews(at: string): Promise<void>;
  unassign(attendantId: string, invoiceNumber: string): Promise<void>;
  ofEvent(invoiceNumber: string): Promise<Assignment[]>;
  /** Every assignment to events from `from` to `to` (inclusive). */
  between(from: string, to: string): Promise<Assignment[]>;
  /** The attendant's assignments to events on or after `from`, soonest first. */
  ofAttendant(attendantId: string, from: string): Promise<Assignment[]>;
}

export function durableCrewBook(namespace: DurableObjectNamespace): CrewBook {
  // One book for the site: a handful of attendants and events fit one object easily.
  const stub = () => namespace.get(namespace.idFromName("all"));
  async function call<T>(path: string, body: unknown): Promise<T> {
    const response = await stub().fetch(`https://crew-book${path}`, { method: "POST", body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`The crew book answered ${response.status} to ${path}: ${await response.text()}`);
    return response.json<T>();
  }
  return {
    assign: (attendant, event, at) => call("/assign", { attendant, event, at }),
    answer: (attendant, event, status, at) => call("/answer", { attendant, event, status, at }),
    news: (invoiceNumber, at, reset) => call("/news", { invoiceNumber, at, reset }),
    sendDueNews: (at) => call("/news-due", { at }),
    unassign: (attendantId, invoiceNumber) => call("/unassign", { attendantId, invoiceNumber }),
    ofEvent: (invoiceNumber) => call("/of-event", { invoiceNumber }),
    ofAttendant: (attendantId, from) => call("/of-attendant", { attendantId, from }),
    between: (from, to) => call("/between", { from, to }),
  };
}

declare module "~/types/services" {
  interface Services {
    /** Who works which event, decided in one place. */
    crew: CrewBook;
  }
}
