import { describe, expect, it } from "vitest";
import { fleet } from "../../app/business";
import { calendarQuery, hasFreeDay } from "../../app/bookings/holds/calendar";
import { calendarMonth } from "../../app/bookings/holds/calendar-month";
import { calendarPage } from "../../app/bookings/holds/calendar-page.server";
import type { BookingHolds } from "../../app/bookings/holds/holds.server";
import { boothFromSlug, freeBooths, freeTypes, noBlocks } from "../../app/bookings/holds/fleet";
import { bookedOutMessage, holdRefusal, itemsGoneMessage } from "../../app/bookings/holds/refusal";
import { countHolds, dayAvailability, goneItems, itemFromSlug, itemSlug, itemsLeft } from "../../app/bookings/holds/stock";
import { stockedItems } from "../../app/prices/extras";
import { availabilityRangeSchema } from "../../app/input/public-forms";

describe("counting free booths", () => {
  it("takes the fleet from the business module and subtracts the holds of each type", () => {
    expect(freeBooths({})).toEqual(fleet);
    expect(freeBooths({ "Glam Booth": 1 })).toEqual({ ...fleet, "Glam Booth": fleet["Glam Booth"] - 1 });
  });

  it("never counts below zero, and a block makes a type (or every type) unavailable", () => {
    expect(freeBooths({ "Open Booth": 5 })["Open Booth"]).toBe(0);
    expect(freeBooths({}, { all: false, types: ["Enclosed Booth"], items: [] })).toEqual({ ...fleet, "Enclosed Booth": 0 });
    expect(freeTypes(freeBooths({}, { all: true, types: [], items: [] }))).toEqual([]);
  });

  it("reads the booth slugs the owner's block keys use", () => {
    expect(boothFromSlug("glam-booth")).toBe("Glam Booth");
    expect(boothFromSlug("mirror-booth")).toBeUndefined();
  });
});

describe("counting stocked add-ons and backdrops", () => {
  const allLeft = { "audio-guest-book": 1, "guest-book": 3, "backdrop:Black": 2, "backdrop:White": 2, "backdrop:Graduation": 1, "backdrop:Floral": 1 };

  it("starts from the stock in the pricing module and subtracts what the holds take", () => {
    expect(itemsLeft({}, noBlocks)).toEqual(allLeft);
    expect(itemsLeft({ "guest-book": 2, "backdrop:Floral": 1 }, noBlocks)).toEqual({ ...allLeft, "guest-book": 1, "backdrop:Floral": 0 });
    expect(itemsLeft({ "backdrop:Black": 5 }, noBlocks)["backdrop:Black"]).toBe(0);
  });

  it("counts holds stored before add-ons were held (the booth type alone) and holds with items alike", () => {
    expect(countHolds(["Glam Booth", { booth: "Glam Booth", items: ["backdrop:Floral", "guest-book"] }, { booth: "Open Booth", items: ["guest-book"] }])).toEqual({
      "Glam Booth": 2,
      "Open Booth": 1,
      "backdrop:Floral": 1,
      "guest-book": 2,
    });
  });

  it("leaves none of an item the owner blocked, and none of anything on a date blocked whole", () => {
    expect(itemsLeft({}, { ...noBlocks, items: ["backdrop:Floral"] })).toEqual({ ...allLeft, "backdrop:Floral": 0 });
    expect(Object.values(itemsLeft({}, { ...noBlocks, all: true })).every((left) => left === 0)).toBe(true);
    expect(dayAvailability({}, { ...noBlocks, items: ["audio-guest-book"] }).booths).toEqual(fleet);
  });

  it("names the items asked for that none is left of", () => {
    expect(goneItems(["guest-book", "backdrop:Floral"], { ...allLeft, "backdrop:Floral": 0 })).toEqual(["backdrop:Floral"]);
    expect(goneItems([], { ...allLeft, "backdrop:Floral": 0 })).toEqual([]);
  });

  it("reads the item slugs the owner's block keys use, for every stocked item", () => {
    expect(itemSlug("backdrop:Floral")).toBe("backdrop-floral");
    expect(stockedItems.map((item) => itemFromSlug(itemSlug(item)))).toEqual(stockedItems);
    expect(itemFromSlug("backdrop-purple")).toBeUndefined();
  });
});

describe("the message when an add-on is gone", () => {
  it("names a backdrop and the date in words and suggests another backdrop or date", () => {
    expect(itemsGoneMessage("2027-03-13", ["backdrop:Floral"])).toBe(
      "The Floral backdrop is already booked on Saturday 13 March 2027: please choose another backdrop or choose another date.",
    );
  });

  it("names several items in the plural, add-ons in lower case", () => {
    expect(itemsGoneMessage("2027-03-13", ["audio-guest-book", "backdrop:Graduation"])).toBe(
      "The audio guest book and the Graduation backdrop are already booked on Saturday 13 March 2027: please leave it out, choose another backdrop or choose another date.",
    );
  });

  it("speaks of the booth when it is taken, then of the items gone", () => {
    const booths = { "Open Booth": 0, "Glam Booth": 1, "Enclosed Booth": 1 };
    expect(holdRefusal("2027-03-13", "Open Booth", { free: booths, gone: [] })).toMatch(/^The Open Booth is already booked .* still free that day\.$/);
    expect(holdRefusal("2027-03-13", "Open Booth", { free: booths, gone: ["backdrop:Floral"] })).toMatch(/still free that day\. The Floral backdrop is already booked on/);
    expect(holdRefusal("2027-03-13", "Glam Booth", { free: booths, gone: ["guest-book"] })).toMatch(/^The traditional guest book is already booked .*: please leave it out or choose another date\.$/);
  });
});

describe("the booked-out message", () => {
  it("names the date in words and the booth types still free", () => {
    expect(bookedOutMessage("2026-12-19", "Glam Booth", { "Open Booth": 1, "Glam Booth": 0, "Enclosed Booth": 1 })).toBe(
      "The Glam Booth is already booked on Saturday 19 December 2026. The Open Booth and the Enclosed Booth are still free that day.",
    );
  });

  it("speaks of one free type in the singular and says so when nothing is free", () => {
    expect(bookedOutMessage("2026-12-19", "Glam Booth", { "Open Booth": 0, "Glam Booth": 0, "Enclosed Booth": 1 })).toMatch(
      /Saturday 19 December 2026\. The Enclosed Booth is still free that day\.$/,
    );
    expect(bookedOutMessage("2027-01-01", "Open Booth", { "Open Booth": 0, "Glam Booth": 0, "Enclosed Booth": 0 })).toMatch(
      /^The Open Booth is already booked on Friday 1 January 2027\. Every booth is booked that day/,
    );
  });
});

describe("the availability range", () => {
  const today = "2026-11-22";
  const parse = (query: { from?: string; to?: string }) => availabilityRangeSchema(today).safeParse(query);

  it("defaults to today and 90 days on, and leaves out the days before today", () => {
    expect(parse({}).data).toEqual({ from: today, to: "2027-02-20" });
    expect(parse({ from: "2026-11-01", to: "2026-12-01" }).data).toEqual({ from: today, to: "2026-12-01" });
  });

  it("refuses a reversed, malformed or over-long range", () => {
    expect(parse({ from: "2026-12-02", to: "2026-12-01" }).success).toBe(false);
    expect(parse({ from: "2026-02-30" }).success).toBe(false);
    expect(parse({ from: "2026-12-01", to: "2027-12-01" }).success).toBe(true);
    expect(parse({ from: "2026-12-01", to: "2027-12-02" }).success).toBe(false);
  });
});

describe("the month calendar", () => {
  it("starts weeks on Monday and marks past, free and booked-out days for the chosen booth", () => {
    const query = calendarQuery(new URLSearchParams("month=2026-12&booth=glam-booth"), "2026-12-02");
    const free = { "2026-12-02": dayAvailability({}, noBlocks), "2026-12-03": dayAvailability({ "Glam Booth": 1 }, noBlocks) };
    const month = calendarMonth(query, free, "2026-12-02");
    expect(month.weeks[0]!.map((day) => day?.day ?? null)).toEqual([null, 1, 2, 3, 4, 5, 6]);
    expect(month.weeks[0]!.slice(1, 4).map((day) => day?.state)).toEqual(["past", "free", "booked"]);
    expect(month.previous).toBeNull();
    expect(month.next).toBe("2027-01");
  });

  it("says whether any day of the month is left free for the booth (the quote page opens elsewhere when none is)", () => {
    const query = calendarQuery(new URLSearchParams("month=2026-12&booth=glam-booth"), "2026-12-30");
    const glamHeld = { "2026-12-30": dayAvailability({ "Glam Booth": 1 }, noBlocks), "2026-12-31": dayAvailability({}, { ...noBlocks, types: ["Glam Booth"] }) };
    expect(hasFreeDay(calendarMonth(query, glamHeld, "2026-12-30"))).toBe(false);
    expect(hasFreeDay(calendarMonth(query, { ...glamHeld, "2026-12-31": dayAvailability({}, noBlocks) }, "2026-12-30"))).toBe(true);
  });

  it("gives each coming day its price rule and, on free days, the add-ons none is left of", () => {
    const query = calendarQuery(new URLSearchParams("month=2026-12"), "2026-12-02");
    const free = {
      "2026-12-01": dayAvailability({}, noBlocks),
      "2026-12-03": dayAvailability({ "backdrop:Floral": 1, "audio-guest-book": 1 }, noBlocks),
      "2026-12-25": dayAvailability({}, noBlocks),
      "2026-12-26": dayAvailability({ "backdrop:Floral": 1 }, { ...noBlocks, all: true }),
    };
    const days = Object.fromEntries(calendarMonth(query, free, "2026-12-02").weeks.flat().flatMap((day) => (day ? [[day.date, day]] : [])));
    expect(days["2026-12-01"]).toMatchObject({ state: "past", rule: null, gone: [] });
    expect(days["2026-12-03"]).toMatchObject({ state: "free", rule: { words: "weekday -10%", mark: "-10%" }, gone: ["Audio guest book", "Floral backdrop"] });
    expect(days["2026-12-25"]).toMatchObject({ state: "free", rule: { words: "public holiday +20%", mark: "+20%" }, gone: [] });
    expect(days["2026-12-26"]).toMatchObject({ state: "booked", gone: [] });
  });

  it("books out, for a booking that needs an add-on (a move), the days where it is gone, saying so", () => {
    const query = calendarQuery(new URLSearchParams("month=2026-12&booth=open-booth"), "2026-12-02");
    const free = { "2026-12-04": dayAvailability({ "backdrop:Floral": 1 }, noBlocks), "2026-12-05": dayAvailability({ "backdrop:Black": 1 }, noBlocks) };
    const days = calendarMonth(query, free, "2026-12-02", ["backdrop:Floral"]).weeks.flat();
    expect(days.find((day) => day?.date === "2026-12-04")).toMatchObject({ state: "booked", gone: ["Floral backdrop"] });
    expect(days.find((day) => day?.date === "2026-12-05")).toMatchObject({ state: "free", gone: [] });
  });

  it("falls back to today's month for a malformed or past month and keeps a chosen free date", () => {
    expect(calendarQuery(new URLSearchParams("month=2026-13"), "2026-11-22").month).toBe("2026-11");
    expect(calendarQuery(new URLSearchParams("month=2020-01"), "2026-11-22").month).toBe("2026-11");
    expect(calendarQuery(new URLSearchParams("date=2027-03-04"), "2026-11-22")).toEqual({ month: "2027-03", booth: null, date: "2027-03-04", hours: null });
  });
});

describe("the booking form's add-ons left", () => {
  // One White backdrop held on the 19th, and the owner's block of the Floral one that day.
  const kv = { list: async () => ({ keys: [{ name: "blocked:2027-03-19:backdrop-floral" }], list_complete: true }) } as unknown as KVNamespace;
  const holds = { held: async (from: string) => (from <= "2027-03-19" ? { "2027-03-19": { "Open Booth": 1, "backdrop:White": 1 } } : {}) } as unknown as BookingHolds;
  const services = { kv, holds, now: () => new Date("2027-03-01T00:00:00Z") };

  it("come with the calendar for the date chosen in it, with the booths free that day, and not without one", async () => {
    const chosen = await calendarPage(new URLSearchParams("date=2027-03-19"), services);
    expect(chosen.itemsLeft).toMatchObject({ "backdrop:White": 1, "backdrop:Floral": 0, "backdrop:Black": 2 });
    expect(chosen.boothsFree).toEqual({ "Open Booth": 0, "Glam Booth": 1, "Enclosed Booth": 1 });
    const none = await calendarPage(new URLSearchParams(), services);
    expect([none.itemsLeft, none.boothsFree]).toEqual([null, null]);
  });

  it("say so, with no calendar, when availability cannot be read, so the form still posts", async () => {
    const down = { ...services, holds: { held: async () => Promise.reject(new Error("holds unreachable")) } as unknown as BookingHolds };
    const page = await calendarPage(new URLSearchParams("date=2027-03-19&booth=glam-booth"), down);
    expect(page).toMatchObject({ calendar: null, boothsFree: null, itemsLeft: null, query: { date: "2027-03-19", booth: "Glam Booth" } });
  });
});
