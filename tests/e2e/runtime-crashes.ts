/**
 * What the local server's supervisor recorded of workerd (scripts/lib/supervised-site.mjs): each
 * start, exit and restart as a line of JSON in the file playwright.config.ts names. The fixtures
 * read it to say that a test failed because the runtime crashed under it, the reporter to count
 * the crashes, and the crash test to see its own kill.
 */
import { existsSync, readFileSync } from "node:fs";

export type RuntimeEvent =
  | { event: "start"; at: string; pid: number }
  | { event: "exit"; at: string; pid: number; deliberate: boolean; logBefore: string[] }
  | { event: "restart"; at: string; pid: number; tookMs: number }
  | { event: "gave-up"; at: string; error: string };

/** The word a failure caused by a crash starts with: the only failure run again. */
export const crashedMarker = "RUNTIME_CRASHED";

export function runtimeEvents(file = process.env.E2E_RUNTIME_EVENTS): RuntimeEvent[] {
  if (!file || !existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RuntimeEvent);
}

export type Outage = { exit: Extract<RuntimeEvent, { event: "exit" }>; servingAgainAt?: Date };

/** Each exit of workerd with the moment it served again (none if it never did). */
export function outages(events = runtimeEvents()): Outage[] {
  return events.flatMap((event, index) => {
    if (event.event !== "exit") return [];
    const restart = events.slice(index + 1).find((later) => later.event === "restart");
    return [{ exit: event, servingAgainAt: restart ? new Date(restart.at) : undefined }];
  });
}

/** The outages that overlap the span from `from` to `to`: a test running then may have failed for them. */
export function outagesDuring(from: Date, to: Date, events = runtimeEvents()): Outage[] {
  return outages(events).filter(({ exit, servingAgainAt }) => new Date(exit.at) <= to && (servingAgainAt ?? to) >= from);
}
