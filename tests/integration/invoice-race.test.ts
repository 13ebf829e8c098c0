import { describe, expect, it } from "vitest";
import { bookingIn } from "../support/form-data";
import { postJson } from "./forms-support";
import { workerForFile } from "./worker";

const worker = workerForFile({ vars: { RATE_LIMIT_MAX: "1000" } });

describe("invoice numbers under concurrent bookings", () => {
  it("gives the requested number to exactly one of many simultaneous bookings and a unique one to the rest", async () => {
    const requested = `PB-${new Date().toISOString().slice(0, 10).replaceAll("-", "")}-777`;
    const answers = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const response = await postJson(
          worker,
          "/.netlify/functions/booking",
          { ...bookingIn("misc", i), fullName: `Racer ${i}`, invoiceNumber: requested },
          { "CF-Connecting-IP": `198.51.100.${i + 1}` },
        );
        expect(response.status).toBe(200);
        return ((await response.json()) as { invoiceNumber: string }).invoiceNumber;
      }),
    );
    expect(new Set(answers).size).toBe(answers.length);
    expect(answers.filter((number) => number === requested).length).toBeLessThanOrEqual(1);

    const kv = await worker.kv();
    const bookings = (await kv.list({ prefix: "booking:" })).keys;
    expect(bookings).toHaveLength(12);
    expect(new Set(bookings.map((key) => key.name.split(":").at(-1))).size).toBe(12);
  });
});
