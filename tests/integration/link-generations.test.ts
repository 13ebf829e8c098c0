/**
 * The generations that take links back live in one Durable Object (app/links/generations.server.ts):
 * a link taken back is refused by the very next check, a link signed after carries the new
 * generation, the owner's scripts move them through a signed request to the site, and the
 * generations KV held before are carried over, so links signed at them keep working.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { attendantPathSigner } from "~/crew/attendants.server";
import type { LinkGenerations } from "~/links/generations.server";
import { generationsRequestPath } from "~/links/generations-requests.server";
import type { SignedLinkKind } from "~/links/kinds";
import { attendantKey, linkGenerationKey } from "~/storage-keys";
import { eventDate } from "../support/event-dates";
import { validBooking } from "../support/form-data";
import { atGenerations, feedToken, firstGenerations, homeToken } from "../support/links";
import { bookThrough } from "./booking";
import { settledRecord } from "./forms-support";
import { testOrigin, testVars, workerForFile } from "./worker";

const worker = workerForFile({ vars: { RATE_LIMIT_MAX: "1000" }, faults: { counted: true } });

/** Generations as a table of `kind` or `kind:subject`, the others at 0: to sign a link as it was signed at them. */
function signedAt(table: Record<string, number>): LinkGenerations {
  return {
    ...atGenerations({}),
    read: (names) => Promise.resolve(names.map(({ kind, subject }) => table[subject === undefined ? kind : `${kind}:${subject}`] ?? 0)),
    subjects: (kind) => Promise.resolve(Object.fromEntries(Object.entries(table).flatMap(([name, generation]) => (name.startsWith(`${kind}:`) ? [[name.slice(kind.length + 1), generation]] : [])))),
  };
}

/** An attendant as the site stored them before generations left KV. */
const attendantId = "A-kvgenerati0n";
const storedAttendant = { kind: "attendant", id: attendantId, name: "Nguyễn Thị Lan", phone: "0412 000 111", email: "lan@example.com", booths: ["Open Booth"], hourlyRateCents: 3550, wwccNumber: "WWC1234567E", wwccExpires: "2099-12-31", addedAt: "2026-11-01T00:00:00.000Z", emailDelivery: {} };

const statusOf = async (path: string) => (await worker.fetch(path)).status;
const feedPath = async (generations: LinkGenerations) => `/owner/calendar.ics?token=${await feedToken(testVars.OWNER_FEED_SECRET, "feed", generations)}`;
const attendantPath = async (generations: LinkGenerations) => (await attendantPathSigner({ config: testVars, generations })(attendantId))!;

/** A request of the owner's scripts to the generations, signed as `npm run owner:links` signs it. */
async function ask(body: unknown, { secret = testVars.OWNER_LINK_SECRET, at = Date.now() } = {}): Promise<Response> {
  const text = JSON.stringify(body);
  const path = await generationsRequestPath({ config: { OWNER_LINK_SECRET: secret }, generations: firstGenerations }, text, at);
  return worker.fetch(path!, { method: "POST", body: text, headers: { "Content-Type": "application/json", Origin: testOrigin } });
}
const revoke = async (kind: SignedLinkKind, from: number) => (await ask({ move: { kind }, from })).json<{ generation: number; moved: boolean }>();

// Before anything asks the generations: KV as the site kept them, the feed taken back twice with
// wrangler (a bare value) and one attendant's link once from the owner's home (its metadata too).
beforeAll(async () => {
  const kv = await worker.kv();
  await kv.put(linkGenerationKey("feed"), "2");
  await kv.put(linkGenerationKey("attendant", attendantId), "1", { metadata: { generation: 1 } });
  await kv.put(attendantKey(attendantId), JSON.stringify(storedAttendant, null, 2), { metadata: { summary: `Attendant ${storedAttendant.name}` } });
});

describe("the generations KV held before", () => {
  it("are carried over: links signed at them keep working, and those they took back stay refused", async () => {
    expect(await statusOf(await feedPath(atGenerations({ feed: 2 })))).toBe(200);
    expect(await statusOf(await feedPath(atGenerations({ feed: 1 })))).toBe(404);
    expect(await statusOf(await feedPath(firstGenerations))).toBe(404);
    expect(await statusOf(await attendantPath(signedAt({ [`attendant:${attendantId}`]: 1 })))).toBe(200);
    expect(await statusOf(await attendantPath(firstGenerations))).toBe(404);
    expect(await (await worker.generations()).read([{ kind: "feed" }, { kind: "attendant", subject: attendantId }, { kind: "export" }])).toEqual([2, 1, 0]);
  });

  it("are read from KV once: a generation written there later changes nothing", async () => {
    await (await worker.kv()).put(linkGenerationKey("export"), "5");
    const exportToken = await feedToken(testVars.OWNER_FEED_SECRET, "export");
    expect(await statusOf(`/owner/export.csv?from=2026-01-01&to=2026-01-31&token=${exportToken}`)).toBe(200);
  });
});

describe("taking a kind back through the site", () => {
  it("refuses a link of the kind at the very next check, and a link signed after carries the new generation", async () => {
    const home = `/owner?token=${await homeToken(testVars.OWNER_LINK_SECRET)}`;
    expect(await statusOf(home)).toBe(200);
    expect(await revoke("home", 0)).toEqual({ generation: 1, moved: true });
    expect(await statusOf(home)).toBe(404);
    // What the site signs now is at the new generation: the script's read, and the signature it makes.
    expect(await (await ask({ read: [{ kind: "home" }] })).json()).toEqual([1]);
    const fresh = `/owner?token=${await homeToken(testVars.OWNER_LINK_SECRET, await worker.generations())}`;
    expect(fresh).toBe(`/owner?token=${await homeToken(testVars.OWNER_LINK_SECRET, atGenerations({ home: 1 }))}`);
    expect(await statusOf(fresh)).toBe(200);
  });

  it("moves once for a request sent twice, as it names the generation it moves from", async () => {
    expect(await revoke("numbers", 0)).toEqual({ generation: 1, moved: true });
    expect(await revoke("numbers", 0)).toEqual({ generation: 1, moved: false });
  });

  it("refuses a request without the right signature, an old one, and a kind with no generation", async () => {
    const body = JSON.stringify({ move: { kind: "feed" }, from: 2 });
    const at = Date.now();
    const signed = (await generationsRequestPath({ config: { OWNER_LINK_SECRET: testVars.OWNER_LINK_SECRET }, generations: firstGenerations }, body, at))!;
    const post = (path: string, sent = body) => worker.fetch(path, { method: "POST", body: sent, headers: { "Content-Type": "application/json", Origin: testOrigin } });
    const refusals = [
      (await ask({ move: { kind: "feed" }, from: 2 }, { secret: "another-secret-that-is-at-least-32-characters" })).status,
      (await ask({ move: { kind: "feed" }, from: 2 }, { secret: testVars.OWNER_FEED_SECRET })).status,
      (await post(signed, JSON.stringify({ move: { kind: "export" }, from: 0 }))).status,
      (await post(signed.replace(`at=${at}`, `at=${at + 1}`))).status,
      (await post(`/owner/link-generations?at=${at}`)).status,
      (await ask({ move: { kind: "feed" }, from: 2 }, { at: at - 6 * 60_000 })).status,
      (await worker.fetch(signed)).status,
    ];
    expect(refusals).toEqual([404, 404, 404, 404, 404, 404, 404]);
    expect(await (await worker.generations()).read([{ kind: "feed" }])).toEqual([2]);
    const unsubscribe = await ask({ move: { kind: "unsubscribe" }, from: 0 });
    expect((await ask({ move: { kind: "feed" } })).status).toBe(400);
    expect(unsubscribe.status).toBe(400);
    expect(await unsubscribe.json()).toEqual({ error: "Name a kind of link that has a generation." });
  });
});

describe("a new booking's answer", () => {
  it("waits on no read of the generations after its hold: the owner's link is signed at generations read beside the hold and the number's claim", async () => {
    // The ledger opens from its queue after the answer: the calls are read once it has (its e-mails settled).
    const booking = { ...validBooking, eventDate: eventDate("links", 20), boothType: "Open Booth", fullName: "Trần Thế Anh", email: "the.anh@example.com" };
    const calls = await worker.calls(async () => settledRecord(worker, (await bookThrough(worker, booking)).recordKey));
    const answered = calls.findIndex((call) => call.startsWith("ledger.fetch"));
    const stored = calls.findIndex((call) => call.startsWith("kv.put booking:"));
    const generations = calls.flatMap((call, index) => (call.startsWith("generations.fetch") ? [index] : []));
    expect(stored).toBeGreaterThan(-1);
    expect(answered).toBeGreaterThan(stored);
    expect(generations.length).toBeGreaterThan(0);
    // Every read of them made before the record is stored: none between the hold and the ledger.
    expect(generations.filter((index) => index > stored && index < answered)).toEqual([]);
  });
});
