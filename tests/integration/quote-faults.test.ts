import { describe, expect, it } from "vitest";
import { melbourneToday } from "~/utils/melbourne-time";
import { eventDate } from "../support/event-dates";
import { validQuote } from "../support/form-data";
import { bookingsSettled, freeOn, postForm, postJson, settledRecord } from "./forms-support";
import { testOrigin, workerForFile } from "./worker";

const worker = workerForFile({ vars: { RATE_LIMIT_MAX: "1000" }, faults: { planned: true } });

const thisMonth = () => melbourneToday().slice(0, 7);

async function quotesThisMonth(): Promise<number> {
  return (await (await worker.quotes()).months(thisMonth(), thisMonth()))[0]?.quotes ?? 0;
}

async function ask(fields: Record<string, string>): Promise<string> {
  const response = await postForm(worker, "/quickquote", { ...validQuote, website: "", ...fields });
  expect(response.status).toBe(303);
  const url = new URL(response.headers.get("location")!, testOrigin);
  return `/quote/${url.searchParams.get("quote")}?key=${url.searchParams.get("key")}`;
}

/** The quote's id in its page's address. */
const quoteIdOf = (page: string) => /\/quote\/(Q-\w+)/.exec(page)![1]!;

/**
 * Asks for a quote and waits until its e-mails are sent: the queue's consumer records each on the
 * quote's KV copy, a write that would otherwise take a failure the test plans next for another step.
 */
async function askedAndSent(fields: Record<string, string>): Promise<string> {
  const page = await ask(fields);
  const id = quoteIdOf(page);
  const { quote } = (await (await worker.quotes()).get(id))!;
  await settledRecord(worker, `quote:${quote.receivedAt}:${id}`);
  return page;
}

describe("quotes when a step fails", () => {
  it("keeps nothing of a quote whose KV copy cannot be written: the quote book forgets it and the visitor is told to try again", async () => {
    const before = await quotesThisMonth();
    await worker.failNext("kv.put");
    const response = await postJson(worker, "/.netlify/functions/sendQuote", { ...validQuote, eventDate: eventDate("quotes", 25) });
    expect(response.status).toBe(503);
    expect(await quotesThisMonth()).toBe(before);
    expect((await (await worker.kv()).list({ prefix: "quote:" })).keys).toHaveLength(0);
  });

  it("answers 503 when the holds fail as a quote is booked, holds nothing, and books it on the next press", async () => {
    const date = eventDate("quotes", 26);
    const page = await ask({ eventDate: date, service: "Glam Booth", packageDuration: "2hrs", eventLocation: "Werribee" });
    await worker.failNext("holds.hold");
    const failed = await postForm(worker, page, { intent: "book" });
    expect(failed.status).toBe(503);
    expect(await failed.text()).toContain("Please try again in a minute");
    expect((await freeOn(worker, date))["Glam Booth"]).toBe(1);
    const id = quoteIdOf(page);
    expect((await (await worker.quotes()).get(id))?.status).toBe("open");
    const booked = await postForm(worker, page, { intent: "book" });
    expect(booked.status).toBe(303);
    expect((await freeOn(worker, date))["Glam Booth"]).toBe(0);
    expect((await (await worker.quotes()).get(id))?.status).toBe("booked");
  });

  it("answers 503 when the booking cannot be stored as a quote is booked, gives back its booth and the quote, and books it on the next press", async () => {
    const date = eventDate("quotes", 28);
    const page = await askedAndSent({ eventDate: date, service: "Enclosed Booth", packageDuration: "2hrs", eventLocation: "Werribee" });
    await worker.failNext("kv.put");
    const failed = await postForm(worker, page, { intent: "book" });
    expect(failed.status).toBe(503);
    expect(await worker.faultsLeft("kv.put")).toBe(0);
    expect((await freeOn(worker, date))["Enclosed Booth"]).toBe(1);
    expect((await (await worker.kv()).list({ prefix: `booking:${date}:` })).keys).toEqual([]);
    const booked = await postForm(worker, page, { intent: "book" });
    expect(booked.status).toBe(303);
    const id = quoteIdOf(page);
    await expect.poll(async () => (await (await worker.quotes()).get(id))?.status, { timeout: 20_000 }).toBe("booked");
  });

  it("still shows the quote when its e-mails cannot be queued, and the owner's copy records the failure", async () => {
    // A booking an earlier test made queues its e-mails after its answer: they must not take this failure.
    await bookingsSettled(worker);
    await worker.failNext("queue.send");
    const page = await ask({ eventDate: eventDate("quotes", 27), eventLocation: "Werribee" });
    expect((await worker.fetch(page)).status).toBe(200);
    const id = quoteIdOf(page);
    const { quote } = (await (await worker.quotes()).get(id))!;
    const record = await (await worker.kv()).get<{ emailDelivery: Record<string, { status: string }> }>(`quote:${quote.receivedAt}:${id}`, "json");
    expect(Object.values(record!.emailDelivery).map((delivery) => delivery.status)).toEqual(["failed", "failed"]);
  });
});
