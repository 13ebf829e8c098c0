/**
 * The end-to-end run's closing lines about the local runtime (tests/e2e/runtime-reporter.ts): exits
 * on purpose are reported and never counted, a third exit nobody caused fails a run whose tests all
 * passed, and a supervisor that could not start workerd again fails it at once.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FullResult } from "@playwright/test/reporter";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import RuntimeReporter from "../e2e/runtime-reporter";
import { outagesDuring, type RuntimeEvent } from "../e2e/runtime-crashes";

const passed = { status: "passed", startTime: new Date(), duration: 1 } as FullResult;
let file: string;
let printed: string[];

function recorded(events: RuntimeEvent[]) {
  writeFileSync(file, events.map((event) => JSON.stringify(event) + "\n").join(""));
}

function crash(at: string, pid: number, deliberate = false): RuntimeEvent[] {
  const back = new Date(new Date(at).getTime() + 1500).toISOString();
  return [
    { event: "exit", at, pid, deliberate, logBefore: [`Booking PB-20261205-${pid} moved by the client`] },
    { event: "restart", at: back, pid: pid + 1, tookMs: 1500 },
  ];
}

beforeEach(() => {
  file = path.join(mkdtempSync(path.join(tmpdir(), "runtime-events-")), "events.jsonl");
  vi.stubEnv("E2E_RUNTIME_EVENTS", file);
  printed = [];
  vi.spyOn(console, "log").mockImplementation((line = "") => void printed.push(String(line)));
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("the runtime's closing lines", () => {
  it("report two crashes and a kill on purpose with the lines before each, and keep a passing run passing", async () => {
    recorded([{ event: "start", at: "2026-12-05T10:00:00.000Z", pid: 100 }, ...crash("2026-12-05T10:01:00.000Z", 100), ...crash("2026-12-05T10:02:00.000Z", 200, true), ...crash("2026-12-05T10:03:00.000Z", 300)]);
    expect(await new RuntimeReporter().onEnd(passed)).toBeUndefined();
    expect(printed).toContain("runtime: 3 exits (1 on purpose), 3 restarts, 0 tests run again after a crash");
    expect(printed).toContain("  | Booking PB-20261205-300 moved by the client");
    expect(printed.filter((line) => line.startsWith("The local runtime exited at"))).toHaveLength(3);
  });

  it("fail a passing run on a third exit nobody caused", async () => {
    recorded([...crash("2026-12-05T10:01:00.000Z", 100), ...crash("2026-12-05T10:02:00.000Z", 200), ...crash("2026-12-05T10:03:00.000Z", 300)]);
    expect(await new RuntimeReporter().onEnd(passed)).toEqual({ status: "failed" });
    expect(printed.at(-1)).toMatch(/^runtime: FAILED, 3 exits nobody caused/);
  });

  it("fail the run when the supervisor could not start workerd again", async () => {
    recorded([{ event: "exit", at: "2026-12-05T10:01:00.000Z", pid: 100, deliberate: false, logBefore: [] }, { event: "gave-up", at: "2026-12-05T10:01:05.000Z", error: "Address already in use" }]);
    expect(await new RuntimeReporter().onEnd(passed)).toEqual({ status: "failed" });
    expect(printed).toContain("The local runtime exited at 2026-12-05T10:01:00.000Z (workerd pid 100); never served again. Its last lines:");
  });
});

describe("a test's span and the outages", () => {
  const events = crash("2026-12-05T10:01:00.000Z", 100);
  it("names an outage that began during the test, or began before it and ended after it started", () => {
    expect(outagesDuring(new Date("2026-12-05T10:00:30Z"), new Date("2026-12-05T10:01:10Z"), events)).toHaveLength(1);
    expect(outagesDuring(new Date("2026-12-05T10:01:01Z"), new Date("2026-12-05T10:01:10Z"), events)).toHaveLength(1);
  });
  it("leaves out an outage over before the test began or begun after it ended", () => {
    expect(outagesDuring(new Date("2026-12-05T10:01:02Z"), new Date("2026-12-05T10:01:10Z"), events)).toEqual([]);
    expect(outagesDuring(new Date("2026-12-05T10:00:00Z"), new Date("2026-12-05T10:00:59Z"), events)).toEqual([]);
  });
});
