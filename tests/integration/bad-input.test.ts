import { describe, expect, it } from "vitest";
import { messages } from "~/input/messages";
import { endpoints, imagePayload, scriptPayload, type BadInputCase, type Endpoint, type Kind } from "./bad-input-cases";
import { bookingsSettled, getJson, outboxMailsOf, settledRecord, storedKeys } from "./forms-support";
import { workerForFile } from "./worker";

const worker = workerForFile({ vars: { RATE_LIMIT_MAX: "100000" } });

/** Markup that must never come back unescaped. */
const rawMarkup = [scriptPayload, "<img src=x onerror", imagePayload];

/** The message each form shows on a refusal (docs/product-spec.md, section 8). */
const formMessages: Record<Kind, string[]> = {
  quote: [messages.quote.incomplete, messages.quote.failed],
  contact: [messages.contact.failed],
  booking: [messages.booking.errorPrefix],
};

function send(endpoint: Endpoint, testCase: BadInputCase) {
  // One visitor for every case: the high limit keeps it out of the way, and one counter key keeps the KV listings short.
  const headers: Record<string, string> = { "CF-Connecting-IP": "198.51.100.7" };
  if (testCase.contentType !== null) headers["Content-Type"] = testCase.contentType;
  return worker.fetch(endpoint.path, { method: "POST", headers, body: testCase.body, redirect: "manual" });
}

function expectNoRawMarkup(text: string, where: string) {
  for (const markup of rawMarkup) expect(text, where).not.toContain(markup);
}

function expectRefusalMessage(endpoint: Endpoint, text: string) {
  if (endpoint.encoding === "json") {
    const { error } = JSON.parse(text) as { error?: unknown };
    expect(typeof error === "string" && error.length > 0, `JSON error in ${text}`).toBe(true);
  } else {
    expect(formMessages[endpoint.kind].some((message) => text.includes(message)), "the form's message").toBe(true);
  }
}

/** What was stored after the previous case; the cases run one after another on one worker. */
let stored: Set<string> | undefined;

const recordPrefix: Record<Kind, string> = { quote: "quote:", contact: "contact:", booking: "booking:" };

/** Exactly one record of the form's kind (a booking also gets its invoice index and PDF), holding the text as sent. */
async function expectOneIntactRecord(endpoint: Endpoint, testCase: BadInputCase, response: Response, text: string, added: string[]) {
  const records = added.filter((key) => key.startsWith(recordPrefix[endpoint.kind]));
  expect(records).toHaveLength(1);
  const others = added.filter((key) => key !== records[0] && !key.startsWith("outbox:"));
  if (endpoint.kind === "booking") {
    expect(others.map((key) => key.replace(/PB-\d{8}-\d{3}/, "N"))).toEqual(["invoice:N", "r2:N.pdf"]);
  } else {
    expect(others).toEqual([]);
  }
  const record = await getJson<Record<string, unknown>>(worker, records[0]!);
  expect(record).toMatchObject(testCase.intact);
  expect(Object.keys(record)).not.toContain("website");
  expect(Object.keys(record)).not.toContain("isAdmin");

  await settledRecord(worker, records[0]!);
  const mails = await outboxMailsOf(worker, records[0]!);
  expect(mails).toHaveLength(2);
  for (const mail of mails) {
    expect(mail.subject, "e-mail subject stays one line").not.toMatch(/[\r\n]/);
    expectNoRawMarkup(mail.html, "e-mail HTML");
  }

  if (endpoint.kind === "booking") {
    const target = endpoint.encoding === "json" ? new URL((JSON.parse(text) as { invoiceUrl: string }).invoiceUrl).href : response.headers.get("location")!;
    const invoice = await worker.fetch(target);
    expect(invoice.status).toBe(200);
    expectNoRawMarkup(await invoice.text(), "invoice page");
  }
}

describe.each(endpoints)("bad input to the $name", (endpoint) => {
  it("has at least 50 cases that must be refused", () => {
    expect(endpoint.cases.filter((testCase) => testCase.outcome === "refused").length).toBeGreaterThanOrEqual(50);
  });

  it.each(endpoint.cases)("$name", async (testCase) => {
    const before = (stored ??= new Set(await storedKeys(worker)));
    const response = await send(endpoint, testCase);
    const text = await response.text();
    let after = await storedKeys(worker);
    // A booking's PDF follows its answer: what this case stored includes it.
    if (after.some((key) => key.startsWith("booking:") && !before.has(key))) {
      await bookingsSettled(worker, (key) => !before.has(key));
      after = await storedKeys(worker);
    }
    const added = after.filter((key) => !before.has(key));
    stored = new Set(after);

    expect(response.status, text.slice(0, 300)).toBeLessThan(500);
    expectNoRawMarkup(text, "the answer");
    if (response.status >= 400) {
      expect(testCase.outcome, `refused with ${response.status}: ${text.slice(0, 300)}`).not.toBe("accepted");
      if (testCase.status) expect(response.status).toBe(testCase.status);
      expectRefusalMessage(endpoint, text);
      expect(added).toEqual([]);
    } else {
      expect(testCase.outcome, `accepted with ${response.status}`).not.toBe("refused");
      expect(response.status).toBe(endpoint.encoding === "json" ? 200 : 303);
      await expectOneIntactRecord(endpoint, testCase, response, text, added);
      // Its e-mails reached the outbox after `after` was listed; they belong to this case.
      stored = new Set(await storedKeys(worker));
    }
  });
});
