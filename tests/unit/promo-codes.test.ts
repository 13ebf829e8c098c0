import { describe, expect, it } from "vitest";
import { priceBooking } from "~/prices/booking-price";
import { promoLabel, promoRefusal, usedUpMessage, type PromoCode } from "~/prices/promo-codes";

const winter: PromoCode = {
  code: "WINTER10",
  off: { percent: 10 },
  from: "2027-05-01",
  to: "2027-08-31",
  weekdaysOnly: false,
  uses: 20,
  expires: "2027-07-31",
  createdAt: "2027-01-10T00:00:00.000Z",
};
const booked = "2027-03-01";
// 2027-06-01 is a Tuesday, 2027-06-05 a Saturday; neither is a public holiday.
const tuesday = "2027-06-01";
const saturday = "2027-06-05";

describe("whether a promo code applies to a booking", () => {
  it("applies to an event inside its window, on its first and last days too", () => {
    for (const date of ["2027-05-01", saturday, "2027-08-31"]) expect(promoRefusal(winter, date, booked)).toBeNull();
  });

  it("is refused for an event before or after its window, naming the window", () => {
    for (const date of ["2027-04-30", "2027-09-01"]) {
      expect(promoRefusal(winter, date, booked)).toBe("The code WINTER10 is for events from Saturday 1 May 2027 to Tuesday 31 August 2027.");
    }
  });

  it("with only a start or an end, is refused on the other side of it alone", () => {
    const { to: _to, ...fromOnly } = winter;
    expect(promoRefusal(fromOnly, "2030-01-05", booked)).toBeNull();
    expect(promoRefusal(fromOnly, "2027-04-30", booked)).toBe("The code WINTER10 is for events from Saturday 1 May 2027.");
  });

  it("weekdays only: applies Monday to Thursday and is refused on a Saturday", () => {
    const weekdays = { ...winter, weekdaysOnly: true };
    expect(promoRefusal(weekdays, tuesday, booked)).toBeNull();
    expect(promoRefusal(weekdays, saturday, booked)).toBe("The code WINTER10 is for events Monday to Thursday.");
  });

  it("can be used on its expiry day and is refused as ended the day after, whatever the event's date", () => {
    expect(promoRefusal(winter, saturday, "2027-07-31")).toBeNull();
    expect(promoRefusal(winter, saturday, "2027-08-01")).toBe("The code WINTER10 has ended.");
  });

  it("is refused as ended once the owner has ended it", () => {
    expect(promoRefusal({ ...winter, endedAt: "2027-02-01T00:00:00.000Z" }, saturday, booked)).toBe("The code WINTER10 has ended.");
  });

  it("refuses a code it does not know, and names a used-up one", () => {
    expect(promoRefusal(null, saturday, booked)).toBe("That code is not one we know. Check its spelling, or leave the field empty.");
    expect(usedUpMessage("WINTER10")).toBe("The code WINTER10 has been used up.");
  });
});

describe("what a promo code takes off", () => {
  const glam = { boothType: "Glam Booth" as const, packageDuration: "3 Hours" as const, extras: { extraHours: 0, addOns: [], backdrop: null } };

  it("takes its percent of what the business sells, rounded to the cent, never travel", () => {
    const { lines, totalCents } = priceBooking({ ...glam, eventDate: saturday, promo: winter, travelFee: 12 });
    expect(lines).toEqual([
      { kind: "booth", label: "Glam Booth, 3 Hours", cents: 58_000 },
      { kind: "promo", label: "Promo code WINTER10 (10% off)", percent: 10, cents: -5_800 },
      { kind: "travel", label: "Travel", cents: 1_200 },
    ]);
    expect(totalCents).toBe(53_400);
    // $580 + $39 USB less a weekday's 10% is $557.10; 15% of it is $83.565, rounded to $83.57.
    const odd = priceBooking({ ...glam, extras: { extraHours: 0, addOns: ["usb"], backdrop: null }, eventDate: tuesday, promo: { ...winter, off: { percent: 15 } }, travelFee: 0 });
    expect(odd.lines.at(-1)).toMatchObject({ kind: "promo", cents: -8_357 });
  });

  it("comes after the date's rule: a weekday's 10% off, then the code's 10% of what is left", () => {
    const { lines, totalCents } = priceBooking({ ...glam, eventDate: tuesday, promo: winter, travelFee: 0 });
    expect(lines.map((line) => [line.kind, line.cents])).toEqual([["booth", 58_000], ["rule", -5_800], ["promo", -5_220]]);
    expect(totalCents).toBe(46_980);
  });

  it("takes whole dollars off, and never more than what the business sells", () => {
    const fifty = { ...winter, code: "SAVE50", off: { dollars: 50 } };
    expect(promoLabel(fifty)).toBe("Promo code SAVE50 ($50 off)");
    expect(priceBooking({ ...glam, eventDate: saturday, promo: fifty, travelFee: 0 }).totalCents).toBe(58_000 - 5_000);
    expect(priceBooking({ ...glam, eventDate: saturday, promo: { ...fifty, off: { dollars: 1_000 } }, travelFee: 12 }).totalCents).toBe(1_200);
  });
});
