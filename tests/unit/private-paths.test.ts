import { describe, expect, it } from "vitest";
import { isPrivatePath } from "~/navigation";

describe("the pages the floating Book Now stays off", () => {
  it.each(["/invoice/PB-20271101-100", "/invoice/PB-20271101-100/move", "/owner", "/owner/", "/owner/booking/PB-20271101-100", "/owner/day/2027-11-01", "/crew/A-abc", "/crew/A-abc/calendar.ics", "/quote/Q-abc", "/unsubscribe/Q-abc"])(
    "is off %s, a page of one person's own",
    (path) => expect(isPrivatePath(path)).toBe(true),
  );

  it.each(["/", "/packages", "/quickquote", "/pay", "/contact", "/crewing", "/quotes-and-more", "/ownership"])("is on %s, a public page", (path) => expect(isPrivatePath(path)).toBe(false));
});
