/**
 * A new booking's hold and its code's use are taken before the booking is stored, and a Worker
 * can stop at any moment of a request, its clean-up never run. Miniflare cannot stop a Worker, so
 * the planned faults stand in for it: the holds object holds and its answer is lost (the request
 * never learns of the hold, as a stopped one never acts again), and giving the code's use back
 * fails (as a stopped request gives nothing back). This is the stop itself, right after both were
 * taken and before anything was stored or reached the booking's ledger; a step failing later (KV
 * or the ledger) is one the request can still clean up after, and leaks nothing. The deadline of a
 * provisional hold is set short for these tests (`PROVISIONAL_HOLD_SECONDS`), and what a test must
 * see before it is seen while the deadline's look at the date's bookings waits (`beforeTheDeadline`),
 * so a slow machine passing the deadline early changes nothing.
 */
import { describe, expect, it } from "vitest";
import { noBlocks } from "~/bookings/holds/fleet";
import type { BookingMetadata } from "~/bookings/record/booking";
import type { PromoCode } from "~/prices/promo-codes";
import { eventDate } from "../support/event-dates";
import { validBooking, validQuote } from "../support/form-data";
import { feedToken } from "../support/links";
import { bookThrough } from "./booking";
import { freeOn, postForm, postJson, settledRecord } from "./forms-support";
import { testOrigin, testVars, workerForFile } from "./worker";

const worker = workerForFile({ vars: { RATE_LIMIT_MAX: "1000", PROVISIONAL_HOLD_SECONDS: "5" }, faults: { planned: true } });

async function addCode(code: string, uses: number): Promise<void> {
  const promo: PromoCode = { code, off: { percent: 10 }, from: eventDate("provisionalHolds", 1), to: eventDate("provisionalHolds", 28), weekdaysOnly: false, uses, createdAt: "2026-01-01T00:00:00.000Z" };
  await (await worker.kv()).put(`promo:${code}`, JSON.stringify(promo));
}

/** The code's uses as the owner's `npm run promo -- list` reads them. */
async function usesOf(code: string): Promise<number> {
  const response = await worker.fetch(`/owner/promos?token=${await feedToken(testVars.OWNER_FEED_SECRET, "promos")}`);
  const { promos } = (await response.json()) as { promos: { code: string; used: number }[] };
  return promos.find((listed) => listed.code === code)?.used ?? NaN;
}

/** `work` runs before any provisional hold's or code use's deadline is acted on (the deadline looks for a stored booking first, and that look waits), however long it takes. */
const beforeTheDeadline = <T>(work: () => Promise<T>) => worker.whileKvListsWait("booking:", work);

const booking = (day: number, boothType: string, promoCode: string) => ({ ...validBooking, eventDate: eventDate("provisionalHolds", day), boothType, promoCode });

/** A booking request that stops once its booth is held and its code's use taken. */
async function stoppedBooking(day: number, boothType: string, promoCode: string): Promise<void> {
  await worker.failNext("holds.hold.lost", 1);
  await worker.failNext("promo-uses.release", 1);
  const answer = await postJson(worker, "/.netlify/functions/booking", booking(day, boothType, promoCode));
  expect(answer.status).toBe(503);
  expect([await worker.faultsLeft("holds.hold.lost"), await worker.faultsLeft("promo-uses.release")]).toEqual([0, 0]);
}

describe("a booking request stopped after its hold and its code's use were taken", () => {
  it("gives both back once their deadline passes, nothing having been stored for them", async () => {
    const date = eventDate("provisionalHolds", 1);
    await addCode("STOPPED", 1);

    await beforeTheDeadline(async () => {
      await stoppedBooking(1, "Glam Booth", "STOPPED");
      expect((await freeOn(worker, date))["Glam Booth"]).toBe(0);
      expect(await usesOf("STOPPED")).toBe(1);
    });

    await expect.poll(async () => (await freeOn(worker, date))["Glam Booth"], { timeout: 15_000 }).toBe(1);
    await expect.poll(() => usesOf("STOPPED"), { timeout: 15_000 }).toBe(0);
    expect((await (await worker.kv()).list({ prefix: `booking:${date}:` })).keys).toEqual([]);
  });

  it("keeps the hold and the use of a booking its ledger has, past the same deadline", async () => {
    const date = eventDate("provisionalHolds", 2);
    await addCode("KEPT", 2);
    const kept = await bookThrough(worker, booking(2, "Enclosed Booth", "KEPT"));

    // A stopped request on the same date and code, after it: once its hold and use are given back, the kept booking's deadline has passed too.
    await stoppedBooking(2, "Open Booth", "KEPT");
    await expect.poll(async () => (await freeOn(worker, date))["Open Booth"], { timeout: 15_000 }).toBe(1);
    await expect.poll(() => usesOf("KEPT"), { timeout: 15_000 }).toBe(1);

    expect((await freeOn(worker, date))["Enclosed Booth"]).toBe(0);
    const reading = await (await worker.ledger()).read(kept.invoiceNumber);
    expect(reading).toMatchObject({ booking: { holdId: expect.any(String), promoCode: "KEPT" }, waiting: 0 });
  });
});

describe("a new booking whose ledger does not confirm its hold in time", () => {
  it("keeps it when the booking is found stored at the deadline (the request could not reach the ledger)", async () => {
    const date = eventDate("provisionalHolds", 3);
    await addCode("UNREACHED", 2);
    await worker.failNext("ledger", 1);
    const booked = await bookThrough(worker, booking(3, "Enclosed Booth", "UNREACHED"));
    expect(await worker.faultsLeft("ledger")).toBe(0);
    // Made in the request instead: its e-mails are on their way.
    await settledRecord(worker, booked.recordKey);

    await stoppedBooking(3, "Open Booth", "UNREACHED");
    await expect.poll(async () => (await freeOn(worker, date))["Open Booth"], { timeout: 15_000 }).toBe(1);
    await expect.poll(() => usesOf("UNREACHED"), { timeout: 15_000 }).toBe(1);
    expect((await freeOn(worker, date))["Enclosed Booth"]).toBe(0);
  });

  it("takes the hold and the use again when still free, and otherwise flags the booking for the owner", async () => {
    const date = eventDate("provisionalHolds", 4);
    await addCode("LATE", 1);
    // The ledger cannot reach the holds or the code's uses for a long while...
    await worker.failNext("holds.confirm", 1000);
    await worker.failNext("promo-uses.confirm", 1000);
    const ledger = await worker.ledger();
    const late = await beforeTheDeadline(async () => {
      const booked = await bookThrough(worker, booking(4, "Glam Booth", "LATE"));
      // ...while it does everything else (only the two confirmations wait):
      await expect.poll(async () => (await ledger.read(booked.invoiceNumber)) as { waiting: number }, { timeout: 15_000 }).toMatchObject({ waiting: 2 });
      // and KV does not show the booking where the holds object reads it at the deadline (KV is eventually consistent between locations).
      await (await worker.kv()).delete(booked.recordKey);
      return booked;
    });
    await expect.poll(async () => (await freeOn(worker, date))["Glam Booth"], { timeout: 15_000 }).toBe(1);
    await expect.poll(() => usesOf("LATE"), { timeout: 15_000 }).toBe(0);
    // Another booking takes the booth and the code's last use meanwhile.
    const other = await bookThrough(worker, booking(4, "Glam Booth", "LATE"));

    await worker.failNext("holds.confirm", 0);
    await worker.failNext("promo-uses.confirm", 0);
    await expect.poll(async () => (await ledger.read(late.invoiceNumber)) as { notes: string; waiting: number }).toMatchObject({ waiting: 0, notes: expect.stringContaining(" · BOOTH NOT HELD · CODE USE NOT COUNTED") });
    const { metadata } = await (await worker.kv()).getWithMetadata<BookingMetadata>(late.recordKey);
    expect(metadata?.summary).toContain("BOOTH NOT HELD · CODE USE NOT COUNTED");
    expect(worker.logs.join("\n")).toContain(`BOOTH NOT HELD for ${late.invoiceNumber}`);
    expect([(await freeOn(worker, date))["Glam Booth"], await usesOf("LATE")]).toEqual([0, 1]);
    expect(((await ledger.read(other.invoiceNumber)) as { notes: string }).notes).toBe("");
  });
});

describe("confirming a provisional hold the holds object gave back at its deadline", () => {
  it("takes it again while its booth is free, and refuses once another hold has it", async () => {
    const date = eventDate("provisionalHolds", 5);
    const holds = await worker.holds();
    const heldOn = async (boothType: string) => ((await holds.held(date, date))[date] as Record<string, number> | undefined)?.[boothType] ?? 0;
    await holds.hold({ eventDate: date, boothType: "Glam Booth", holdId: "given-back-1", blocks: noBlocks, provisional: true });
    await holds.hold({ eventDate: date, boothType: "Open Booth", holdId: "given-back-2", blocks: noBlocks, provisional: true });
    await expect.poll(async () => [await heldOn("Glam Booth"), await heldOn("Open Booth")], { timeout: 15_000 }).toEqual([0, 0]);

    expect(await holds.confirm({ eventDate: date, boothType: "Glam Booth", holdId: "given-back-1" })).toBe(true);
    expect(await holds.hold({ eventDate: date, boothType: "Open Booth", holdId: "taken-meanwhile", blocks: noBlocks })).toMatchObject({ held: true });
    expect(await holds.confirm({ eventDate: date, boothType: "Open Booth", holdId: "given-back-2" })).toBe(false);
    expect([await heldOn("Glam Booth"), await heldOn("Open Booth")]).toEqual([1, 1]);
  });
});

describe("a quote's use, decided by the date's holds with its booth", () => {
  it("holds a quote once whatever the booth: a second hold of it is refused until the first is given back unstored, and a booking's own release keeps it", async () => {
    const date = eventDate("provisionalHolds", 6);
    const holds = await worker.holds();
    const hold = (holdId: string, boothType: "Glam Booth" | "Open Booth" | "Enclosed Booth") => holds.hold({ eventDate: date, boothType, holdId, blocks: noBlocks, provisional: true, quote: "Q-ONCEONLY" });
    expect(await hold("quote-first", "Glam Booth")).toMatchObject({ held: true });
    // Another booth is free, but the quote is taken: nothing is held for the second.
    expect(await hold("quote-second", "Open Booth")).toMatchObject({ held: false, quoteHeld: true, free: { "Open Booth": 1 } });
    expect((await freeOn(worker, date))["Open Booth"]).toBe(1);
    // Its booking given up (the ledger gives its hold back, naming no quote): the quote stays booked.
    await holds.release({ eventDate: date, holdId: "quote-first" });
    expect(await hold("quote-third", "Open Booth")).toMatchObject({ held: false, quoteHeld: true });

    // A request whose booking was never stored gives its hold back with its quote: the quote may be booked again.
    const other = (holdId: string) => holds.hold({ eventDate: date, boothType: "Enclosed Booth", holdId, blocks: noBlocks, provisional: true, quote: "Q-UNSTORED" });
    expect(await other("unstored-first")).toMatchObject({ held: true });
    await holds.release({ eventDate: date, holdId: "unstored-first", quote: "Q-UNSTORED" });
    expect(await other("unstored-second")).toMatchObject({ held: true });
  });

  it("refuses a second press of a quote while a stopped press holds it, and books it once that hold is given back at its deadline", async () => {
    const date = eventDate("provisionalHolds", 7);
    const asked = await postForm(worker, "/quickquote", { ...validQuote, website: "", fullName: "Trần Thị Mai", eventDate: date, service: "Glam Booth", packageDuration: "2hrs", eventLocation: "Werribee" });
    expect(asked.status).toBe(303);
    const thankYou = new URL(asked.headers.get("location")!, testOrigin);
    const page = `/quote/${thankYou.searchParams.get("quote")}?key=${thankYou.searchParams.get("key")}`;

    await beforeTheDeadline(async () => {
      await worker.failNext("holds.hold.lost", 1);
      expect((await postForm(worker, page, { intent: "book" })).status).toBe(503);
      const again = await postForm(worker, page, { intent: "book" });
      expect(again.status).toBe(409);
      expect(await again.text()).toContain("This quote is being booked right now.");
    });

    await expect.poll(async () => (await freeOn(worker, date))["Glam Booth"], { timeout: 15_000 }).toBe(1);
    const booked = await postForm(worker, page, { intent: "book" });
    expect(booked.status).toBe(303);
    expect(booked.headers.get("location")).toMatch(/^\/invoice\/PB-/);
  });
});
