import { describe, expect, it } from "vitest";
import { describePromo, parsePromoCommand, type PromoCommand } from "~/promos/promo-command";

const now = new Date("2027-01-10T02:00:00.000Z");
const parse = (line: string) => parsePromoCommand(line.split(" "), { now, today: "2027-01-10" });
const refusalOf = (line: string) => {
  try {
    parse(line);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${line} was not refused`);
};

describe("npm run promo's arguments", () => {
  it("reads the owner's example into a code with every term, for the local data", () => {
    expect(parse("add winter10 --percent 10 --from 2027-05-01 --to 2027-08-31 --weekdays --uses 20 --expires 2027-07-31")).toEqual({
      action: "add",
      remote: false,
      promo: {
        code: "WINTER10",
        off: { percent: 10 },
        from: "2027-05-01",
        to: "2027-08-31",
        weekdaysOnly: true,
        uses: 20,
        expires: "2027-07-31",
        createdAt: "2027-01-10T02:00:00.000Z",
      },
    } satisfies PromoCommand);
  });

  it("takes whole dollars off, with no window, limit or expiry unless given, and --name=value too", () => {
    expect(parse("add SAVE50 --dollars=50 --remote")).toEqual({
      action: "add",
      remote: true,
      promo: { code: "SAVE50", off: { dollars: 50 }, weekdaysOnly: false, uses: null, createdAt: "2027-01-10T02:00:00.000Z" },
    });
  });

  it("reads list and end, locally or --remote", () => {
    expect(parse("list")).toEqual({ action: "list", remote: false });
    expect(parse("list --remote")).toEqual({ action: "list", remote: true });
    expect(parse("end winter10 --remote")).toEqual({ action: "end", code: "WINTER10", remote: true });
  });

  it.each([
    ["add X --percent 10 --colour red", "Unknown option --colour."],
    ["add X --percent 0", "--percent must be a whole number from 1 to 100, not 0."],
    ["add X --percent 101", "--percent must be a whole number from 1 to 100, not 101."],
    ["add X --percent 12.5", "--percent must be a whole number from 1 to 100, not 12.5."],
    ["add X --dollars -5", "--dollars must be a whole number from 1 up, not -5."],
    ["add X --dollars abc", "--dollars must be a whole number from 1 up, not abc."],
    ["add X", "Give either --percent or --dollars."],
    ["add X --percent 10 --dollars 5", "Give either --percent or --dollars."],
    ["add X --percent 10 --from 2027-09-01 --to 2027-08-31", "--from 2027-09-01 is after --to 2027-08-31."],
    ["add X --percent 10 --from 2027-02-30", "--from must be a date written YYYY-MM-DD, not 2027-02-30."],
    ["add X --percent 10 --to 31/08/2027", "--to must be a date written YYYY-MM-DD, not 31/08/2027."],
    ["add X --percent 10 --expires 2027-01-09", "--expires 2027-01-09 has already passed."],
    ["add X --percent 10 --uses 0", "--uses must be a whole number from 1 up, not 0."],
    ["add X --percent 10 --percent 20", "--percent is given twice."],
    ["add X --percent", "--percent needs a value."],
    ["add X --percent 10 --weekdays=yes", "--weekdays takes no value."],
    ["add WIN!TER --percent 10", "A code is letters, digits, - and _ (at most 40), not WIN!TER."],
    ["add --percent 10", "add takes one code, e.g. add WINTER10."],
    ["end", "end takes one code, e.g. end WINTER10."],
    ["end X --uses 3", "end takes no --uses."],
    ["list X", "list takes no code."],
    ["remove X", "Unknown command remove."],
    ["", "Say add, list or end."],
  ])("refuses `%s`: %s", (line, message) => {
    expect(refusalOf(line)).toBe(message);
  });
});

describe("a code in the list", () => {
  it("says its terms, its uses so far and whether it has ended", () => {
    const promo = parse("add WINTER10 --percent 10 --from 2027-05-01 --to 2027-08-31 --weekdays --uses 20 --expires 2027-07-31");
    if (promo.action !== "add") throw new Error("not an add");
    expect(describePromo({ ...promo.promo, used: 3 })).toBe("WINTER10: 10% off; events 2027-05-01 to 2027-08-31, Monday to Thursday; 3 of 20 used; until 2027-07-31");
    expect(describePromo({ code: "SAVE50", off: { dollars: 50 }, weekdaysOnly: false, uses: null, createdAt: "", endedAt: "2027-02-01T03:00:00Z", used: 7 })).toBe(
      "SAVE50: $50 off; any event; 7 used, no limit; no expiry; ENDED 2027-02-01",
    );
  });
});
