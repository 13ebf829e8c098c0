/**
 * The rules of a crew (docs/product-decisions.md, "Attendants"): an attendant works an event's
 * hours with an hour either side, an event with no start time takes the whole day, and no one is
 * assigned a booth they do not run or once their Working with Children Check has expired.
 */
import { describe, expect, it } from "vitest";
import { assignmentRefusal, overlaps, paidHours, type Assignment, type CrewEvent } from "~/crew/crew";
import { crewWarnings } from "~/crew/staffing";
import { hoursRows, pastWork } from "~/crew/hours.server";

const lan = { name: "Lan", booths: ["Open Booth", "Glam Booth"] as CrewEvent["booth"][], wwccExpires: "2029-12-31" };
const event = (fields: Partial<CrewEvent> = {}): CrewEvent => ({ invoiceNumber: "PB-20290101-100", eventDate: "2029-03-17", start: "18:00", hours: 3, booth: "Open Booth", ...fields });
const on = (fields: Partial<CrewEvent> = {}, status: Assignment["status"] = "accepted"): Assignment => ({ ...event({ invoiceNumber: "PB-20290101-200", ...fields }), attendantId: "A", status, at: "2029-01-01T00:00:00.000Z" });

describe("two events of one attendant", () => {
  it("overlap when their times come within an hour either side", () => {
    // 18:00 to 21:00 keeps them 17:00 to 22:00.
    expect(overlaps(event(), event({ start: "13:30", hours: 3 }))).toBe(true); // busy 12:30 to 17:30
    expect(overlaps(event(), event({ start: "13:00", hours: 3 }))).toBe(false); // busy 12:00 to 17:00, as the other starts
    expect(overlaps(event(), event({ start: "22:30", hours: 2 }))).toBe(true); // from 21:30
    expect(overlaps(event(), event({ start: "23:00", hours: 2 }))).toBe(false); // from 22:00, as the first ends
    expect(overlaps(event({ start: "23:00", hours: 3 }), event({ eventDate: "2029-03-18", start: "02:00" }))).toBe(true); // past midnight
  });

  it("overlap all day when either has no start time", () => {
    expect(overlaps(event({ start: null }), event({ start: "06:00", hours: 2 }))).toBe(true);
    expect(overlaps(event({ start: null }), event({ eventDate: "2029-03-18", start: null }))).toBe(false);
  });
});

describe("who may be assigned", () => {
  it("is refused on a booth they do not run, a check expired by the event, or an overlapping event they have not declined", () => {
    expect(assignmentRefusal(lan, event(), [])).toBeNull();
    expect(assignmentRefusal(lan, event({ booth: "Enclosed Booth" }), [])).toBe("Lan does not run the Enclosed Booth.");
    expect(assignmentRefusal({ ...lan, wwccExpires: "2029-03-16" }, event(), [])).toMatch(/Working with Children Check expires on 2029-03-16, before this event/);
    expect(assignmentRefusal({ ...lan, wwccExpires: "2029-03-17" }, event(), [])).toBeNull();
    expect(assignmentRefusal(lan, event(), [on({ start: "21:30" })])).toMatch(/already on PB-20290101-200 that day \(from 21:30\)/);
    expect(assignmentRefusal(lan, event(), [on({ start: null })])).toMatch(/no start time yet, so the whole day/);
    expect(assignmentRefusal(lan, event(), [on({ start: "21:30" }, "declined")])).toBeNull();
    // Their own assignment to the same event is no clash (a change of times is decided again).
    expect(assignmentRefusal(lan, event(), [on({ invoiceNumber: "PB-20290101-100" })])).toBeNull();
    expect(assignmentRefusal({ ...lan, removedAt: "2029-01-02T00:00:00.000Z" }, event(), [])).toBe("Lan is no longer on your crew.");
  });

  it("is paid the event's hours and an hour either side", () => {
    expect(paidHours(event({ hours: 3 }))).toBe(5);
  });
});

describe("what the owner is warned of", () => {
  const booking = (day: string, invoiceNumber: string, status: "requested" | "confirmed" | "cancelled" = "confirmed") => ({ invoiceNumber, eventDate: day, boothType: "Open Booth" as const, status });
  const lanOn = (invoiceNumber: string, status: Assignment["status"]) => ({ ...on({ invoiceNumber }, status), attendantId: "A-lan" });
  const crew = [
    { id: "A-lan", name: "Lan", wwccExpires: "2029-03-31" },
    { id: "A-minh", name: "Minh", wwccExpires: "2029-02-28" },
    { id: "A-hoa", name: "Hoa", wwccExpires: "2029-04-01" },
    { id: "A-an", name: "An", wwccExpires: "2029-03-01", removedAt: "2029-02-01T00:00:00.000Z" },
  ];

  it("lists the next 14 days' events with no attendant or only declined ones, and checks expiring within 30 days", () => {
    const warnings = crewWarnings(
      [booking("2029-03-05", "PB-1"), booking("2029-03-03", "PB-2"), booking("2029-03-04", "PB-3"), booking("2029-03-16", "PB-4"), booking("2029-03-06", "PB-5", "cancelled"), booking("2029-03-15", "PB-6", "requested")],
      [lanOn("PB-1", "accepted"), lanOn("PB-2", "declined"), lanOn("PB-6", "assigned")],
      crew,
      "2029-03-01",
    );
    expect(warnings.unstaffed).toEqual(["Saturday 3 March 2029: PB-2, Open Booth, declined by Lan", "Sunday 4 March 2029: PB-3, Open Booth, no attendant"]);
    expect(warnings.checks).toEqual(["Lan's Working with Children Check expires on Saturday 31 March 2029.", "Minh's Working with Children Check expired on Wednesday 28 February 2029: they cannot be assigned."]);
  });
});

describe("the month's hours", () => {
  it("pay each accepted event that kept its date its hours and an hour either side, at the attendant's rate", () => {
    const lanOn = (invoiceNumber: string, status: Assignment["status"], hours = 3) => ({ ...on({ invoiceNumber, hours }, status), attendantId: "A-lan" });
    const rows = hoursRows(
      [lanOn("PB-1", "accepted"), lanOn("PB-2", "accepted", 5), lanOn("PB-3", "assigned"), lanOn("PB-4", "declined"), lanOn("PB-5", "accepted")],
      [{ id: "A-lan", name: "Lan", hourlyRateCents: 3550 }, { id: "A-minh", name: "Minh", hourlyRateCents: 3000 }],
      new Set(["PB-1", "PB-2", "PB-3", "PB-4"]),
    );
    expect(rows).toEqual([{ name: "Lan", events: ["PB-1", "PB-2"], hours: 12, rateCents: 3550, payCents: 42_600 }]);
  });
});

describe("an attendant's own record of their work", () => {
  it("lists their past accepted events that kept their date, latest first, and this month's paid hours", () => {
    const mine = (invoiceNumber: string, eventDate: string, status: Assignment["status"] = "accepted") => ({ ...on({ invoiceNumber, eventDate }, status), attendantId: "A-lan" });
    const work = pastWork(
      [mine("PB-1", "2029-02-20"), mine("PB-2", "2029-03-02"), mine("PB-3", "2029-03-05", "declined"), mine("PB-4", "2029-03-06"), mine("PB-5", "2029-03-08"), mine("PB-6", "2029-03-10")],
      new Set(["PB-1", "PB-2", "PB-3", "PB-5", "PB-6"]),
      "2029-03-10",
    );
    expect(work.lines).toEqual(["Thursday 8 March 2029: Open Booth (PB-5), 5 paid hours", "Friday 2 March 2029: Open Booth (PB-2), 5 paid hours", "Tuesday 20 February 2029: Open Booth (PB-1), 5 paid hours"]);
    expect(work.monthHours).toBe(10);
  });
});
