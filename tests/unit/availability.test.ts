import { describe, expect, it } from "vitest";
import { fleet } from "../../app/business";
import { calendarMonth, calendarQuery } from "../../app/bookings/holds/calendar";
import { boothFromSlug, freeBooths, freeTypes } from "../../app/bookings/holds/fleet";
import { bookedOutMessage } from "../../app/bookings/holds/refusal";
import { availabilityRangeSchema } from "../../app/forms/schemas";

describe("counting free booths", () => {
  it("takes the fleet from the business module and subtracts the holds of each type", () => {
    expect(freeBooths({})).toEqual(fleet);
    expect(freeBooths({ "Glam Booth": 1 })).toEqual({ ...fleet, "Glam Booth": fleet["Glam Booth"] - 1 });
  });

  it("never counts below zero, and a block makes a type (or every type) unavailable", () => {
    expect(freeBooths({ "Open Booth": 5 })["Open Booth"]).toBe(0);
    expect(freeBooths({}, { all: false, types: ["Enclosed Booth"] })).toEqual({ ...fleet, "Enclosed Booth": 0 });
    expect(freeTypes(freeBooths({}, { all: true, types: [] }))).toEqual([]);
  });

  it("reads the booth slugs the owner's block keys use", () => {
    expect(boothFromSlug("glam-booth")).toBe("Glam Booth");
    expect(boothFromSlug("mirror-booth")).toBeUndefined();
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
    const free = { "2026-12-02": freeBooths({}), "2026-12-03": freeBooths({ "Glam Booth": 1 }) };
    const month = calendarMonth(query, free, "2026-12-02");
    expect(month.weeks[0]!.map((day) => day?.day ?? null)).toEqual([null, 1, 2, 3, 4, 5, 6]);
    expect(month.weeks[0]!.slice(1, 4).map((day) => day?.state)).toEqual(["past", "free", "booked"]);
    expect(month.previous).toBeNull();
    expect(month.next).toBe("2027-01");
  });

  it("falls back to today's month for a malformed or past month and keeps a chosen free date", () => {
    expect(calendarQuery(new URLSearchParams("month=2026-13"), "2026-11-22").month).toBe("2026-11");
    expect(calendarQuery(new URLSearchParams("month=2020-01"), "2026-11-22").month).toBe("2026-11");
    expect(calendarQuery(new URLSearchParams("date=2027-03-04"), "2026-11-22")).toEqual({ month: "2027-03", booth: null, date: "2027-03-04" });
  });
});
