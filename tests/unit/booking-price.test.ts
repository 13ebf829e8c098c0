import Holidays from "date-holidays";
import { describe, expect, it } from "vitest";
import { priceBooking, type PriceChoice } from "~/prices/booking-price";
import { dateRule, dateRulesBetween, holidayTableYears, ruleLabel } from "~/prices/date-rules";
import { noExtras, type Extras } from "~/prices/extras";
import { sheetRule } from "~/prices/price-sheet";
import { promoRefusal, type PromoCode } from "~/prices/promo-codes";
import { addDays } from "~/utils/melbourne-time";

// The figures of docs/product-decisions.md ("What the business sells: add-ons and price rules") and
// the booking table of docs/product-spec.md, section 9, written out here rather than read from
// app/pricing.ts, so a slip there fails here.
const saturday = "2027-06-12";
const thursday = "2027-06-17";
const melbourneCup = "2027-11-02"; // a Tuesday
const grandFinalFriday = "2027-09-24";
const kingsBirthday = "2027-06-14"; // a Monday
const newYearsEve = "2027-12-31"; // a Friday

function price(overrides: Partial<Omit<PriceChoice, "extras">> & { extras?: Partial<Extras> } = {}) {
  const { extras, ...rest } = overrides;
  return priceBooking({ boothType: "Open Booth", packageDuration: "3 Hours", eventDate: saturday, promo: null, travelFee: 0, ...rest, extras: { ...noExtras, ...extras } });
}

const code = (off: PromoCode["off"], window: Partial<PromoCode> = {}): PromoCode => ({ code: "TEST", off, weekdaysOnly: false, uses: null, createdAt: "2026-11-01T00:00:00Z", ...window });

describe("a booking's price on a Friday to Sunday", () => {
  const table = {
    "Open Booth": [375, 535, 685, 800],
    "Glam Booth": [480, 580, 740, 860],
    "Enclosed Booth": [375, 535, 685, 800],
  } as const;
  for (const [boothType, prices] of Object.entries(table) as [keyof typeof table, readonly number[]][]) {
    (["2 Hours", "3 Hours", "4 Hours", "5 Hours"] as const).forEach((packageDuration, index) => {
      it(`is the table's $${prices[index]} for a ${boothType} for ${packageDuration}, as one line`, () => {
        expect(price({ boothType, packageDuration })).toEqual({ lines: [{ kind: "booth", label: `${boothType}, ${packageDuration}`, cents: prices[index]! * 100 }], totalCents: prices[index]! * 100 });
      });
    });
  }

  it.each([
    ["audio-guest-book", "Audio guest book", 149],
    ["guest-book", "Traditional guest book", 49],
    ["usb", "USB of every photo", 39],
    ["online-gallery", "Online gallery", 49],
  ] as const)("adds the %s as its own line at its price", (id, label, dollars) => {
    const { lines, totalCents } = price({ extras: { addOns: [id] } });
    expect(lines[1]).toEqual({ kind: "add-on", label, cents: dollars * 100 });
    expect(totalCents).toBe((535 + dollars) * 100);
  });

  it.each([
    ["Open Booth", 1, 150],
    ["Open Booth", 2, 300],
    ["Glam Booth", 1, 160],
    ["Glam Booth", 2, 320],
    ["Enclosed Booth", 1, 150],
    ["Enclosed Booth", 2, 300],
  ] as const)("charges a %s's %i extra hours at its hourly price ($%i)", (boothType, extraHours, dollars) => {
    const { lines, totalCents } = price({ boothType, extras: { extraHours } });
    expect(lines[1]).toEqual({ kind: "extra-hours", label: extraHours === 1 ? "1 extra hour" : "2 extra hours", cents: dollars * 100 });
    expect(totalCents).toBe(((boothType === "Glam Booth" ? 580 : 535) + dollars) * 100);
  });

  it.each([
    ["Black", "Black backdrop (included)", 0],
    ["White", "White backdrop (included)", 0],
    ["Graduation", "Graduation backdrop", 50],
    ["Floral", "Floral backdrop", 50],
  ] as const)("lists the %s backdrop as its own line", (backdrop, label, dollars) => {
    const { lines, totalCents } = price({ extras: { backdrop } });
    expect(lines[1]).toEqual({ kind: "backdrop", label, cents: dollars * 100 });
    expect(totalCents).toBe((535 + dollars) * 100);
  });

  it("adds everything at once in invoice order: booth, hours, add-ons, backdrop, travel", () => {
    const { lines, totalCents } = price({
      boothType: "Glam Booth",
      travelFee: 12,
      extras: { extraHours: 2, addOns: ["audio-guest-book", "guest-book", "usb", "online-gallery"], backdrop: "Floral" },
    });
    expect(lines.map((line) => line.kind)).toEqual(["booth", "extra-hours", "add-on", "add-on", "add-on", "add-on", "backdrop", "travel"]);
    expect(totalCents).toBe((580 + 320 + 149 + 49 + 39 + 49 + 50 + 12) * 100);
  });
});

describe("the date's rule", () => {
  it("adds 20% on Melbourne Cup day, on what the business sells, not on travel, and only the holiday's rule on a Tuesday", () => {
    const { lines, totalCents } = price({ eventDate: melbourneCup, travelFee: 12, extras: { addOns: ["audio-guest-book"] } });
    expect(lines.filter((line) => line.kind === "rule")).toEqual([{ kind: "rule", label: "Public holiday (Melbourne Cup) +20%", percent: 20, cents: 13_680 }]);
    expect(lines.at(-1)).toEqual({ kind: "travel", label: "Travel", cents: 1200 });
    expect(totalCents).toBe(68_400 + 13_680 + 1200);
  });

  it("adds 20% on the AFL Grand Final Friday", () => {
    expect(price({ eventDate: grandFinalFriday }).lines[1]).toEqual({ kind: "rule", label: "Public holiday (AFL Grand Final Friday) +20%", percent: 20, cents: 10_700 });
  });

  it("adds 20% on New Year's Eve", () => {
    const { lines, totalCents } = price({ eventDate: newYearsEve, boothType: "Glam Booth", packageDuration: "2 Hours", extras: { backdrop: "Graduation" } });
    expect(lines.at(-1)).toEqual({ kind: "rule", label: "New Year's Eve +20%", percent: 20, cents: 10_600 });
    expect(totalCents).toBe(53_000 + 10_600);
  });

  it("takes 10% off Monday to Thursday, extras included, travel not", () => {
    const { lines, totalCents } = price({ eventDate: thursday, travelFee: 30, extras: { extraHours: 1, backdrop: "White" } });
    expect(lines.find((line) => line.kind === "rule")).toEqual({ kind: "rule", label: "Weekday (Monday to Thursday) -10%", percent: -10, cents: -6850 });
    expect(totalCents).toBe(68_500 - 6850 + 3000);
  });

  it("gives a public holiday on a Monday only the holiday's 20%, not the weekday's 10% off", () => {
    const rules = price({ eventDate: kingsBirthday }).lines.filter((line) => line.kind === "rule");
    expect(rules).toEqual([{ kind: "rule", label: "Public holiday (King's Birthday) +20%", percent: 20, cents: 10_700 }]);
  });

  it("rounds a percentage to the cent", () => {
    expect(price({ eventDate: thursday, extras: { addOns: ["usb"] } }).totalCents).toBe(57_400 - 5740);
    expect(price({ eventDate: melbourneCup, extras: { addOns: ["guest-book"] } }).lines[2]!.cents).toBe(11_680);
  });
});

describe("a promo code", () => {
  const winter = code({ percent: 10 }, { from: "2027-05-01", to: "2027-08-31" });

  it("takes its percent off after the date's rule, and never off travel", () => {
    const { lines, totalCents } = price({ eventDate: thursday, travelFee: 20, promo: winter });
    expect(lines.map(({ label, cents }) => [label, cents])).toEqual([
      ["Open Booth, 3 Hours", 53_500],
      ["Weekday (Monday to Thursday) -10%", -5350],
      ["Promo code TEST (10% off)", -4815],
      ["Travel", 2000],
    ]);
    expect(totalCents).toBe(53_500 - 5350 - 4815 + 2000);
  });

  it("takes its dollars off, never more than what the business sells", () => {
    expect(price({ promo: code({ dollars: 50 }) }).totalCents).toBe(48_500);
    expect(price({ promo: code({ dollars: 1000 }), travelFee: 12 }).totalCents).toBe(1200);
  });

  it("applies inside its window and is refused outside it, and a weekday code only Monday to Thursday", () => {
    expect(promoRefusal(winter, thursday, "2027-01-10")).toBeNull();
    expect(promoRefusal(winter, "2027-09-04", "2027-01-10")).toMatch(/for events from .* to /);
    expect(promoRefusal(code({ percent: 5 }, { weekdaysOnly: true }), saturday, "2027-01-10")).toMatch(/Monday to Thursday/);
    expect(promoRefusal(code({ percent: 5 }, { expires: "2027-01-09" }), thursday, "2027-01-10")).toMatch(/has ended/);
  });
});

describe("Victorian public holidays", () => {
  const library = new Holidays("AU", "VIC");

  it.each([2026, 2027, 2028])("are, in %i, the public holidays date-holidays lists, Melbourne Cup and Grand Final Friday among them", (year) => {
    const listed = library.getHolidays(year).filter((holiday) => holiday.type === "public");
    for (const holiday of listed) expect(dateRule(holiday.date.slice(0, 10)), holiday.date).toMatchObject({ kind: "public-holiday" });
    const names = listed.map((holiday) => holiday.name);
    expect(names).toContain("Melbourne Cup");
    expect(names).toContain("AFL Grand Final Friday");
    // And no other day of the year is one.
    let date = `${year}-01-01`;
    const holidayDates = new Set(listed.map((holiday) => holiday.date.slice(0, 10)));
    while (date.startsWith(String(year))) {
      expect(dateRule(date)?.kind === "public-holiday", date).toBe(holidayDates.has(date));
      date = addDays(date, 1);
    }
  });

  it("are known at least six years past today", () => {
    expect(holidayTableYears().to).toBeGreaterThanOrEqual(new Date().getFullYear() + 6);
  });
});

describe("the rules shipped to the browser", () => {
  it("give every bookable date the rule the server gives it, from a short list", () => {
    const today = new Date().toISOString().slice(0, 10);
    const last = `${Number(today.slice(0, 4)) + 5}${today.slice(4)}`;
    const rules = dateRulesBetween(today, last);
    expect(JSON.stringify(rules).length).toBeLessThan(3000);
    for (let date = today; date <= last; date = addDays(date, 1)) {
      const rule = dateRule(date);
      expect(sheetRule(rules, date), date).toEqual(rule ? { label: ruleLabel(rule), percent: rule.percent } : null);
    }
  });
});
