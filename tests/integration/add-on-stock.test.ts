/**
 * Stock per date (docs/product-decisions.md, "What the business sells"): a booking holds its
 * stocked add-ons and backdrop with its booth, in one step of the holds object. Races, moves,
 * cancellations, the owner's blocks and what /api/availability says. Each test its own day.
 */
import { describe, expect, it } from "vitest";
import type { AvailabilityReport } from "~/bookings/holds/availability-report";
import { noBlocks } from "~/bookings/holds/fleet";
import type { StockItem } from "~/prices/extras";
import { dateRule, ruleShortLabel } from "~/prices/date-rules";
import { boothTypes } from "~/pricing";
import { addDays } from "~/utils/melbourne-time";
import { formatDateInWords } from "~/utils/date-words";
import { eventDate } from "../support/event-dates";
import { validBooking } from "../support/form-data";
import { bookThrough, currentRecord } from "./booking";
import { newKeys, postForm, postJson, settledRecord } from "./forms-support";
import { workerForFile } from "./worker";

const worker = workerForFile({ vars: { RATE_LIMIT_MAX: "1000" } });

const withFloral = { backdrop: "Floral" };

async function availability(date: string): Promise<AvailabilityReport> {
  const response = await worker.fetch(`/api/availability?from=${date}&to=${date}`);
  expect(response.status).toBe(200);
  return response.json();
}

async function heldOn(date: string) {
  return (await (await worker.holds()).held(date, date))[date] ?? {};
}

describe("the last Floral backdrop", () => {
  it("goes to exactly one of 20 bookings racing through the booking form; the 19 others are told it is gone, keep their form and store nothing", async () => {
    const date = eventDate("addOnStock", 1);
    let answers: { status: number; html: string }[] = [];
    const added = await newKeys(worker, async () => {
      answers = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const fields = { ...validBooking, ...withFloral, eventDate: date, boothType: boothTypes[i % boothTypes.length]!, fullName: `Racer ${i}`, website: "" };
          const response = await postForm(worker, "/booking", fields);
          return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
        }),
      );
    });
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(19);
    expect(answers.filter((answer) => answer.status === 303)).toHaveLength(1);
    for (const { html } of refused) {
      expect(html).toContain(`The Floral backdrop is already booked on ${formatDateInWords(date)}: please choose another backdrop or choose another date.`);
      expect(html).toMatch(/value="Racer \d+"/);
    }
    expect(added.filter((key) => key.startsWith("booking:"))).toHaveLength(1);

    const held = await heldOn(date);
    expect(held["backdrop:Floral"]).toBe(1);
    // Refused for the backdrop, a racer held no booth either: only the winner's is taken.
    expect(boothTypes.map((type) => held[type] ?? 0).sort()).toEqual([0, 0, 1]);
    expect((await availability(date)).stock[date]).toMatchObject({ "backdrop:Floral": 0, "backdrop:Graduation": 1 });
  });
});

describe("moving a booking with add-ons", () => {
  it("refuses a date where its backdrop is gone with the reason, changing nothing on either date", async () => {
    const taken = eventDate("addOnStock", 3);
    await bookThrough(worker, { ...validBooking, ...withFloral, eventDate: taken, boothType: "Glam Booth" });
    const booked = await bookThrough(worker, { ...validBooking, ...withFloral, "addOn-guest-book": true, eventDate: eventDate("addOnStock", 4), boothType: "Open Booth" });
    // Its e-mails have gone out, so the record no longer changes by itself.
    const record = await settledRecord(worker, booked.recordKey);
    const [heldThere, heldHere] = [await heldOn(taken), await heldOn(booked.eventDate)];

    const response = await postForm(worker, `/invoice/${booked.invoiceNumber}/move?key=${booked.secret}`, { newDate: taken });
    expect(response.status).toBe(409);
    expect((await response.text()).replaceAll("<!-- -->", "")).toContain(`The Floral backdrop is already booked on ${formatDateInWords(taken)}`);
    expect(await currentRecord(worker, booked)).toEqual(record);
    expect(await heldOn(taken)).toEqual(heldThere);
    expect(await heldOn(booked.eventDate)).toEqual(heldHere);
    expect(heldHere).toEqual({ "Open Booth": 1, "backdrop:Floral": 1, "guest-book": 1 });

    // Its Change the date calendar shows that date booked out for it, and why.
    const page = (await (await worker.fetch(`/invoice/${booked.invoiceNumber}/move?key=${booked.secret}&month=${taken.slice(0, 7)}`)).text()).replaceAll("<!-- -->", "");
    expect(page).toContain(`${formatDateInWords(taken)}: booked out (gone: Floral backdrop)`);
  });

  it("carries its add-ons to the new date and frees them on the old one", async () => {
    const booked = await bookThrough(worker, { ...validBooking, "addOn-audio-guest-book": true, eventDate: eventDate("addOnStock", 5), boothType: "Enclosed Booth" });
    const newDate = eventDate("addOnStock", 6);
    expect((await postForm(worker, `/invoice/${booked.invoiceNumber}/move?key=${booked.secret}`, { newDate })).status).toBe(303);
    expect(await heldOn(newDate)).toEqual({ "Enclosed Booth": 1, "audio-guest-book": 1 });
    expect(await heldOn(booked.eventDate)).toEqual({});
  });
});

describe("cancelling a booking with add-ons", () => {
  it("releases them with its booth, so the next client can book them", async () => {
    const date = eventDate("addOnStock", 7);
    const booked = await bookThrough(worker, { ...validBooking, "addOn-audio-guest-book": true, eventDate: date, boothType: "Glam Booth" });
    const again = { ...validBooking, "addOn-audio-guest-book": true, eventDate: date, boothType: "Open Booth" };
    expect((await postJson(worker, "/.netlify/functions/booking", again)).status).toBe(409);

    expect((await postForm(worker, `/invoice/${booked.invoiceNumber}/cancel?key=${booked.secret}`, {})).status).toBe(303);
    expect((await availability(date)).stock[date]!["audio-guest-book"]).toBe(1);
    await bookThrough(worker, again);
    expect(await heldOn(date)).toEqual({ "Open Booth": 1, "audio-guest-book": 1 });
  });
});

describe("the owner's blocks", () => {
  it("block one backdrop on a date, refusing it by name while the booths stay free, until the key is deleted", async () => {
    const date = eventDate("addOnStock", 8);
    const kv = await worker.kv();
    await kv.put(`blocked:${date}:backdrop-graduation`, "Backdrop out for repair");
    expect((await availability(date)).stock[date]!["backdrop:Graduation"]).toBe(0);
    const response = await postJson(worker, "/.netlify/functions/booking", { ...validBooking, backdrop: "Graduation", eventDate: date, boothType: "Glam Booth" });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: string }).error).toMatch(/^The Graduation backdrop is already booked on/);
    expect((await availability(date)).dates[date]).toEqual({ "Open Booth": 1, "Glam Booth": 1, "Enclosed Booth": 1 });

    await kv.delete(`blocked:${date}:backdrop-graduation`);
    expect((await availability(date)).stock[date]!["backdrop:Graduation"]).toBe(1);
  });
});

describe("a hold replacing another of the same booking (a change of its add-ons)", () => {
  it("refuses an item that is gone by name, holding nothing; keeps what the booking holds even when blocked since, and frees what it drops", async () => {
    const date = eventDate("addOnStock", 9);
    await bookThrough(worker, { ...validBooking, ...withFloral, eventDate: date, boothType: "Glam Booth" });
    const booked = await bookThrough(worker, { ...validBooking, "addOn-guest-book": true, eventDate: date, boothType: "Open Booth" });
    const { holdId } = await currentRecord(worker, booked);
    const holds = await worker.holds();
    const change = (items: StockItem[], blocks = noBlocks) => ({ eventDate: date, boothType: "Open Booth" as const, holdId: crypto.randomUUID(), replacing: holdId, items, blocks });
    const before = await heldOn(date);

    expect(await holds.hold(change(["guest-book", "backdrop:Floral"]))).toMatchObject({ held: false, gone: ["backdrop:Floral"] });
    expect(await heldOn(date)).toEqual(before);

    // The owner blocks the Open Booth and the guest book afterwards: the booking keeps both and can still add another item.
    const replacement = change(["guest-book", "audio-guest-book"], { ...noBlocks, types: ["Open Booth"], items: ["guest-book"] });
    expect(await holds.hold(replacement)).toMatchObject({ held: true, gone: [] });
    await holds.release({ eventDate: date, holdId });
    expect(await heldOn(date)).toEqual({ "Glam Booth": 1, "Open Booth": 1, "backdrop:Floral": 1, "guest-book": 1, "audio-guest-book": 1 });

    const emptied = change([]);
    expect(await holds.hold({ ...emptied, replacing: replacement.holdId })).toMatchObject({ held: true, itemsLeft: { "guest-book": 3, "audio-guest-book": 1 } });
  });
});

describe("GET /api/availability", () => {
  it("says per date which add-ons are left and the date's price rule", async () => {
    const date = eventDate("addOnStock", 12);
    await bookThrough(worker, { ...validBooking, "addOn-guest-book": true, backdrop: "Black", eventDate: date, boothType: "Enclosed Booth" });
    const from = eventDate("addOnStock", 10);
    const to = addDays(from, 6);
    const report = (await (await worker.fetch(`/api/availability?from=${from}&to=${to}`)).json()) as AvailabilityReport;
    expect(report.items).toEqual(["audio-guest-book", "guest-book", "backdrop:Black", "backdrop:White", "backdrop:Graduation", "backdrop:Floral"]);
    expect(report.stock[date]).toEqual({ "audio-guest-book": 1, "guest-book": 2, "backdrop:Black": 1, "backdrop:White": 2, "backdrop:Graduation": 1, "backdrop:Floral": 1 });
    for (let day = from; day <= to; day = addDays(day, 1)) {
      const rule = dateRule(day);
      expect(report.rules[day]).toBe(rule ? ruleShortLabel(rule) : null);
    }
    // A week holds Monday to Thursday (10% off) and a Saturday (the table's price).
    expect(Object.values(report.rules)).toEqual(expect.arrayContaining(["weekday -10%", null]));
  });

  it("shows on the calendar each date's rule and the add-ons gone", async () => {
    const date = eventDate("addOnStock", 14);
    await bookThrough(worker, { ...validBooking, "addOn-audio-guest-book": true, eventDate: date, boothType: "Glam Booth" });
    const html = (await (await worker.fetch(`/booking?month=${date.slice(0, 7)}`)).text()).replaceAll("<!-- -->", "");
    const rule = dateRule(date);
    const words = formatDateInWords(date);
    expect(html).toContain(`${words}: free (Open Booth, Enclosed Booth)${rule ? `, ${ruleShortLabel(rule)}` : ""}; gone: Audio guest book. Choose this date`);
  });
});
