import { describe, expect, it, vi } from "vitest";
import { takeSubmission, visitorKey, type SubmissionLimits } from "~/rate-limit.server";

describe("the visitor a submission is counted against", () => {
  it("is an IPv4 address itself, however written", () => {
    expect(visitorKey("192.0.2.1")).toBe("192.0.2.1");
    expect(visitorKey(" 192.000.002.001 ")).toBe("192.0.2.1");
    expect(visitorKey("192.0.2.2")).not.toBe(visitorKey("192.0.2.1"));
  });

  it("is the IPv4 address an IPv4-mapped IPv6 address carries", () => {
    expect(visitorKey("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(visitorKey("::FFFF:c000:201")).toBe("192.0.2.1");
    expect(visitorKey("0:0:0:0:0:ffff:192.0.2.1")).toBe("192.0.2.1");
  });

  it("is an IPv6 address's /64, in one spelling whether written short, long or in capitals", () => {
    const key = "2001:db8:0:1::/64";
    for (const address of ["2001:db8:0:1::1", "2001:0db8:0000:0001:0000:0000:0000:0001", "2001:DB8:0:1:ffff:ffff:ffff:ffff", "2001:db8::1:0:0:0:9", "2001:db8:0:1:1::"]) {
      expect(visitorKey(address), address).toBe(key);
    }
    expect(visitorKey("2001:db8:0:2::1")).toBe("2001:db8:0:2::/64");
    expect(visitorKey("::1")).toBe("0:0:0:0::/64");
    expect(visitorKey("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
    expect(visitorKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("is what was written when that is no address at all", () => {
    for (const text of ["unknown", "2001:db8::1::2", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7", "2001:db8:0:1::g", "192.0.2.256", "::ffff:192.0.2"]) {
      expect(visitorKey(text), text).toBe(text);
    }
  });
});

describe("taking a submission", () => {
  const limit = { form: "quote", max: 5, windowSeconds: 600 };

  it("counts it against the visitor's key at the time it is made, over the limit's span", async () => {
    const taken: unknown[] = [];
    const limits: SubmissionLimits = { take: async (...args) => (taken.push(args), true) };
    await takeSubmission(limits, { visitor: "2001:db8:0:1::7", now: new Date("2026-11-26T10:04:59Z") }, [limit]);
    expect(taken).toEqual([["2001:db8:0:1::/64", Date.parse("2026-11-26T10:04:59Z"), [{ form: "quote", max: 5, spanMs: 600_000 }]]]);
  });

  it("lets the submission through when the count cannot be reached", async () => {
    const limits: SubmissionLimits = { take: () => Promise.reject(new Error("unreachable")) };
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect(await takeSubmission(limits, { visitor: "192.0.2.1", now: new Date() }, [limit])).toBe(true);
      expect(logged).toHaveBeenCalledWith(expect.stringContaining("the submission is let through"), expect.any(Error));
    } finally {
      logged.mockRestore();
    }
  });
});
