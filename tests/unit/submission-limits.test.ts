/**
 * The submission limits' object (workers/submission-limits.ts) over counts as the fixed-window code
 * stored them before issue 57: `{ windowEnd, used }` under `form:{form}`, read after the deploy as
 * takes made at the window's last moment.
 */
import { describe, expect, it } from "vitest";
import type { SpanLimit } from "~/rate-limit.server";
import { SubmissionLimits } from "../../workers/submission-limits";

/** A Durable Object's storage in a map, with its alarm: what the object calls of it. */
function memoryState(entries: Record<string, unknown>) {
  const data = new Map(Object.entries(entries));
  let alarm: number | null = null;
  const storage = {
    get: async (keys: string[]) => new Map(keys.filter((key) => data.has(key)).map((key) => [key, structuredClone(data.get(key))])),
    put: async (values: Record<string, unknown>) => void Object.entries(values).forEach(([key, value]) => data.set(key, structuredClone(value))),
    list: async ({ prefix }: { prefix: string }) => new Map([...data].filter(([key]) => key.startsWith(prefix))),
    delete: async (keys: string[]) => void keys.forEach((key) => data.delete(key)),
    deleteAll: async () => data.clear(),
    getAlarm: async () => alarm,
    setAlarm: async (at: number) => void (alarm = at),
  };
  return { state: { storage } as unknown as DurableObjectState, data, alarm: () => alarm };
}

const hour = 3_600_000;
const day = 24 * hour;

async function take(object: SubmissionLimits, at: string, limits: SpanLimit[]): Promise<boolean> {
  const response = await object.fetch(new Request("https://submission-limits/take", { method: "POST", body: JSON.stringify({ at: Date.parse(at), limits }) }));
  return (await response.json<{ taken: boolean }>()).taken;
}

describe("a count stored by the fixed-window code", () => {
  const linkLimits = [
    { form: "booking-link-hour", max: 1, spanMs: hour },
    { form: "booking-link-day", max: 3, spanMs: day },
  ];

  it("holds its takes as made at its window's last moment: a link sent at 08:50 refuses one at 09:00", async () => {
    const { state, data } = memoryState({
      "form:booking-link-hour": { windowEnd: Date.parse("2029-02-01T09:00:00.000Z"), used: 1 },
      "form:booking-link-day": { windowEnd: Date.parse("2029-02-02T00:00:00.000Z"), used: 1 },
    });
    const object = new SubmissionLimits(state);
    expect(await take(object, "2029-02-01T09:00:00.000Z", linkLimits)).toBe(false);
    expect(await take(object, "2029-02-01T09:59:59.000Z", linkLimits)).toBe(false);
    expect(await take(object, "2029-02-01T09:59:59.999Z", linkLimits)).toBe(true);
    // Stored again in the new shape: the day's old take (read as at the day's last moment) and the new one.
    expect(data.get("form:booking-link-day")).toEqual({ takes: [Date.parse("2029-02-01T09:59:59.999Z"), Date.parse("2029-02-01T23:59:59.999Z")], until: Date.parse("2029-02-02T23:59:59.999Z") });
    expect(data.get("form:booking-link-hour")).toEqual({ takes: [Date.parse("2029-02-01T09:59:59.999Z")], until: Date.parse("2029-02-01T10:59:59.999Z") });
  });

  it("keeps a day's three across midnight UTC", async () => {
    const { state } = memoryState({ "form:booking-link-day": { windowEnd: Date.parse("2029-02-02T00:00:00.000Z"), used: 3 } });
    const object = new SubmissionLimits(state);
    expect(await take(object, "2029-02-02T00:03:00.000Z", linkLimits)).toBe(false);
    expect(await take(object, "2029-02-02T23:59:59.000Z", linkLimits)).toBe(false);
    expect(await take(object, "2029-02-02T23:59:59.999Z", linkLimits)).toBe(true);
  });

  it("is kept by the alarm the old code set at its window's end, and forgotten a day later", async () => {
    const windowEnd = Date.now() - hour;
    const { state, data, alarm } = memoryState({ "form:quote": { windowEnd, used: 5 }, "form:contact": { windowEnd: Date.now() - 2 * day, used: 1 } });
    const object = new SubmissionLimits(state);
    await object.alarm();
    expect([...data.keys()]).toEqual(["form:quote"]);
    expect(alarm()).toBe(windowEnd - 1 + day);
  });
});
