import { describe, expect, it } from "vitest";
import { formatDateInWords } from "../../app/utils/date-words";
import { eventDate } from "../support/event-dates";
import { bookingIn, validBooking } from "../support/form-data";
import { freeOn, newKeys, postForm, postJson } from "./forms-support";
import { workerForFile } from "./worker";

const worker = workerForFile({ vars: { RATE_LIMIT_MAX: "1000" } });

const book = (body: Record<string, unknown>, visitor = 1) =>
  postJson(worker, "/.netlify/functions/booking", body, { "CF-Connecting-IP": `198.51.100.${visitor}` });

async function bookingKeysOn(date: string): Promise<string[]> {
  return (await (await worker.kv()).list({ prefix: `booking:${date}` })).keys.map((key) => key.name);
}

describe("holding the last booth", () => {
  it("gives exactly one of 50 simultaneous bookings for the last booth and refuses the other 49 with 409", async () => {
    const slot = bookingIn("availability", 1);
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => book({ ...slot, fullName: `Racer ${i}` }, i + 1).then((response) => response.status)),
    );
    const counts = { ok: statuses.filter((status) => status === 200).length, conflict: statuses.filter((status) => status === 409).length };
    console.log(`50-way race for the last ${slot.boothType} on ${slot.eventDate}: ${counts.ok} × 200, ${counts.conflict} × 409`);
    expect(counts).toEqual({ ok: 1, conflict: 49 });
    expect(await bookingKeysOn(slot.eventDate)).toHaveLength(1);
    expect((await freeOn(worker, slot.eventDate))[slot.boothType]).toBe(0);
  });
});

describe("a full date", () => {
  const slot = bookingIn("availability", 3);

  it("refuses the JSON endpoint with 409, naming the date and the free booths, and stores nothing", async () => {
    expect((await book(slot)).status).toBe(200);
    let response!: Response;
    const added = await newKeys(worker, async () => {
      response = await book({ ...slot, fullName: "Second Client" }, 2);
    });
    expect(response.status).toBe(409);
    const { error } = (await response.json()) as { error: string };
    expect(error).toMatch(/^The Open Booth is already booked on \w+day \d+ \w+ \d{4}\. The Glam Booth and the Enclosed Booth are still free that day\.$/);
    expect(added).toEqual([]);
  });

  it("brings the form back without JavaScript with the message and everything typed, storing nothing", async () => {
    let response!: Response;
    const added = await newKeys(worker, async () => {
      response = await postForm(worker, "/booking", { ...slot, fullName: "Form <Client>", website: "" });
    });
    expect(response.status).toBe(409);
    const html = await response.text();
    expect(html).toContain("Error: The Open Booth is already booked on");
    expect(html).toContain('value="Form &lt;Client&gt;"');
    expect(html).toContain(`value="${slot.eventDate}"`);
    expect(added).toEqual([]);
  });
});

describe("blocked dates", () => {
  it("refuses a booking on a date the owner blocked and shows every booth there as 0", async () => {
    const date = eventDate("availability", 5);
    await (await worker.kv()).put(`blocked:${date}`, "Christmas Day");
    const response = await book({ ...validBooking, eventDate: date });
    expect(response.status).toBe(409);
    expect(await freeOn(worker, date)).toEqual({ "Open Booth": 0, "Glam Booth": 0, "Enclosed Booth": 0 });
    expect(await bookingKeysOn(date)).toEqual([]);
  });

  it("blocks one booth type with a typed key and frees the date again when the key is deleted", async () => {
    const date = eventDate("availability", 6);
    const kv = await worker.kv();
    await kv.put(`blocked:${date}:glam-booth`, "Private job");
    expect(await freeOn(worker, date)).toEqual({ "Open Booth": 1, "Glam Booth": 0, "Enclosed Booth": 1 });
    expect((await book({ ...validBooking, eventDate: date, boothType: "Glam Booth" })).status).toBe(409);
    await kv.delete(`blocked:${date}:glam-booth`);
    expect((await freeOn(worker, date))["Glam Booth"]).toBe(1);
  });
});

describe("GET /api/availability", () => {
  it("answers today to 90 days on by default with counts only, never cached", async () => {
    const response = await worker.fetch("/api/availability");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const body = (await response.json()) as { from: string; to: string; booths: string[]; dates: Record<string, unknown> };
    expect(body.booths).toEqual(["Open Booth", "Glam Booth", "Enclosed Booth"]);
    expect(Object.keys(body.dates)).toHaveLength(91);
    expect(Object.keys(body.dates)[0]).toBe(body.from);
  });

  it("shows a booked date's counts without anything personal", async () => {
    const slot = bookingIn("availability", 1);
    const text = await (await worker.fetch(`/api/availability?from=${slot.eventDate}&to=${slot.eventDate}`)).text();
    expect(text).not.toMatch(/Racer|PB-|@/);
  });

  it.each([
    ["a reversed range", "from=2031-02-10&to=2031-02-01"],
    ["a range over 366 days", "from=2031-01-01&to=2032-01-02"],
    ["a malformed date", "from=2031-02-30"],
    ["a date that is not a date", "to=tomorrow"],
  ])("answers %s with 400 and an error", async (_, query) => {
    const response = await worker.fetch(`/api/availability?${query}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBeTruthy();
  });
});

describe("the calendar and the date check", () => {
  it("server-renders the month for a booth with the booked date marked and a chosen free day filled in", async () => {
    const booked = bookingIn("availability", 1);
    const month = booked.eventDate.slice(0, 7);
    const free = eventDate("availability", 20);
    const response = await worker.fetch(`/booking?month=${month}&booth=glam-booth&date=${free}`);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const html = (await response.text()).replaceAll("<!-- -->", "");
    expect(html).toContain(`${formatDateInWords(booked.eventDate)}: booked out`);
    // The label goes on with the date's price rule, if any, before "Choose this date".
    expect(html).toMatch(new RegExp(`${formatDateInWords(free)}: free \\(Glam Booth\\)[^"]*\\. Choose this date`));
    expect(html).toMatch(new RegExp(`name="eventDate"[^>]*value="${free}"`));
  });

  it("answers the home page's Check your date with the booths free that day", async () => {
    const slot = bookingIn("availability", 3);
    const response = await worker.fetch(`/?date=${slot.eventDate}`);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const html = (await response.text()).replaceAll("<!-- -->", "");
    expect(html).toContain(`On ${formatDateInWords(slot.eventDate)} the Glam Booth and Enclosed Booth are free.`);
  });
});
