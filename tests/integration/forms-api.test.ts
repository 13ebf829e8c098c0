import { describe, expect, it } from "vitest";
import { bookingIn, futureDate, validBooking, validContact, validQuote } from "../support/form-data";
import { eventDate } from "../support/event-dates";
import { pdfText } from "../support/pdf-text";
import { newKeys, outboxMailsOf, postJson, settledRecord, storedKeys } from "./forms-support";
import { startWorker, testOrigin, workerForFile } from "./worker";

const worker = workerForFile({ vars: { RATE_LIMIT_MAX: "1000" } });

const invoiceNumberPattern = /^PB-\d{8}-[1-9]\d{2}$/;

describe("POST /.netlify/functions/sendQuote", () => {
  it("stores one quote request, answers OK and the queue puts both e-mails in the outbox", async () => {
    let response!: Response;
    const added = await newKeys(worker, async () => {
      response = await postJson(worker, "/.netlify/functions/sendQuote", validQuote);
    });
    expect(response.status).toBe(200);
    const quotes = added.filter((key) => key.startsWith("quote:"));
    expect(quotes).toHaveLength(1);
    const record = await settledRecord(worker, quotes[0]!);
    expect(record).toMatchObject({ kind: "quote", ...validQuote, emailDelivery: { owner: { status: "outbox" }, visitor: { status: "outbox" } } });
    expect(await outboxMailsOf(worker, quotes[0]!)).toHaveLength(2);
    const listed = await (await worker.kv()).list({ prefix: quotes[0] });
    expect(listed.keys[0]?.metadata).toEqual({ summary: expect.stringMatching(new RegExp(`^Q-[A-Z0-9]{8} · Jane Citizen · ${futureDate} · Glam Booth 3hrs · Werribee Park Mansion · \\$[\\d,]+\\.\\d\\d$`)) });
  });

  it("stores one contact message for the footer form's shape", async () => {
    let response!: Response;
    const added = await newKeys(worker, async () => {
      response = await postJson(worker, "/.netlify/functions/sendQuote", validContact);
    });
    expect(response.status).toBe(200);
    expect(added.filter((key) => key.startsWith("contact:"))).toHaveLength(1);
    expect(added.filter((key) => !key.startsWith("contact:") && !key.startsWith("outbox:"))).toEqual([]);
  });

  it("escapes what the visitor typed in the owner's HTML e-mail", async () => {
    const added = await newKeys(worker, () =>
      postJson(worker, "/.netlify/functions/sendQuote", { ...validContact, name: "<b>Sam</b>", message: '<img src=x onerror="alert(1)">' }),
    );
    const contactKey = added.find((key) => key.startsWith("contact:"))!;
    await settledRecord(worker, contactKey);
    const mails = await outboxMailsOf(worker, contactKey);
    const owner = mails.find((mail) => mail.to.email === "owner@example.com")!;
    expect(owner.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(owner.html).not.toContain("<img");
    expect(owner.html).not.toContain("<b>Sam");
    expect(owner.text).toContain('<img src=x onerror="alert(1)">');
  });
});

describe("POST /.netlify/functions/booking", () => {
  it("stores one booking under its event date, prices it on the server and writes the invoice PDF", async () => {
    // A Saturday: the table's price, with no date rule.
    const day = eventDate("formsApi", 5);
    let response!: Response;
    const added = await newKeys(worker, async () => {
      response = await postJson(worker, "/.netlify/functions/booking", { ...validBooking, eventDate: day });
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { invoiceUrl: string; invoiceNumber: string; price: number };
    expect(answer.price).toBe(580);
    expect(answer.invoiceNumber).toMatch(invoiceNumberPattern);
    expect(answer.invoiceUrl).toMatch(new RegExp(`^${testOrigin}/invoice/${answer.invoiceNumber}\\?key=[\\w-]{27,}$`));

    const bookingKey = `booking:${day}:${answer.invoiceNumber}`;
    expect(added.filter((key) => !key.startsWith("outbox:"))).toEqual([bookingKey, `invoice:${answer.invoiceNumber}`, `r2:${answer.invoiceNumber}.pdf`]);
    const record = await settledRecord(worker, bookingKey);
    expect(record).toMatchObject({ price: 580, currency: "AUD", boothType: "Glam Booth", service: "Photobooth", emailDelivery: { owner: { status: "outbox" } } });
    const listed = await (await worker.kv()).list({ prefix: `booking:${day}` });
    expect(listed.keys.find((key) => key.name === bookingKey)?.metadata).toMatchObject({
      summary: `Jane Citizen · ${day} · Glam Booth 3 Hours · $580.00 · ${answer.invoiceNumber} · requested`,
      status: "requested",
    });
  });

  it("keeps a well-formed unused invoice number from the browser and replaces a taken one", async () => {
    const requested = "PB-20250101-555";
    const first = (await (await postJson(worker, "/.netlify/functions/booking", { ...bookingIn("formsApi", 6), invoiceNumber: requested })).json()) as { invoiceNumber: string };
    expect(first.invoiceNumber).toBe(requested);
    const second = (await (await postJson(worker, "/.netlify/functions/booking", { ...bookingIn("formsApi", 7), invoiceNumber: requested })).json()) as { invoiceNumber: string };
    expect(second.invoiceNumber).toMatch(invoiceNumberPattern);
    expect(second.invoiceNumber).not.toBe(requested);
  });

  it("opens the invoice page and the PDF only with the right secret", async () => {
    const answer = (await (await postJson(worker, "/.netlify/functions/booking", bookingIn("formsApi", 10))).json()) as { invoiceUrl: string; invoiceNumber: string };
    const url = new URL(answer.invoiceUrl);
    const page = await worker.fetch(url.pathname + url.search);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    // The secret is in the address, so it must never leave for another site in a Referer header
    // (the page's own forms still send their origin, which the cross-site checks need).
    expect(page.headers.get("referrer-policy")).toBe("same-origin");
    expect(page.headers.get("x-robots-tag")).toBe("noindex");
    const html = await page.text();
    expect(html).toContain(answer.invoiceNumber);
    expect(html).toContain("$580");
    expect(html).toContain(`/pay?invoice=${answer.invoiceNumber}`);

    const pdfPath = html.match(/href="(\/invoice\/[^"]+\/pdf\?key=[^"]+)"/)?.[1];
    expect(pdfPath).toBeTruthy();
    const pdf = await worker.fetch(pdfPath!.replaceAll("&amp;", "&"));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("cache-control")).toBe("private, no-store");
    expect(pdf.headers.get("referrer-policy")).toBe("no-referrer");
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const text = pdfText(bytes);
    expect(text).toContain(`Tax invoice ${answer.invoiceNumber}`);
    expect(text).toContain("$580");
    expect(text).toContain("BSB");

    const wrongKey = `/invoice/${answer.invoiceNumber}?key=${"A".repeat(27)}`;
    const unknown = `/invoice/PB-20200101-100?key=${url.searchParams.get("key")}`;
    for (const path of [wrongKey, `/invoice/${answer.invoiceNumber}`, unknown]) {
      expect((await worker.fetch(path)).status, path).toBe(404);
    }
    const wrongPdf = await worker.fetch(`/invoice/${answer.invoiceNumber}/pdf?key=wrong`);
    expect(wrongPdf.status).toBe(404);
    expect(await wrongPdf.text()).toBe("Not Found");
  });
});

describe("bad input to the JSON endpoints", () => {
  const big = "x".repeat(33 * 1024);
  const cases: [string, string, () => Promise<Response>, number, RegExp][] = [
    ["malformed JSON", "sendQuote", () => postJson(worker, "/.netlify/functions/sendQuote", "{not json"), 400, /not valid JSON/],
    ["a JSON array", "booking", () => postJson(worker, "/.netlify/functions/booking", "[1,2]"), 400, /JSON object/],
    ["the wrong content type", "sendQuote", () => worker.fetch("/.netlify/functions/sendQuote", { method: "POST", headers: { "Content-Type": "text/plain" }, body: JSON.stringify(validQuote) }), 415, /application\/json/],
    ["a body over 32 KB", "booking", () => postJson(worker, "/.netlify/functions/booking", { ...validBooking, message: big }), 413, /too large/],
    ["neither a quote nor a contact message", "sendQuote", () => postJson(worker, "/.netlify/functions/sendQuote", { hello: "there" }), 400, /either a quote request/],
    ["a missing field", "sendQuote", () => postJson(worker, "/.netlify/functions/sendQuote", { ...validQuote, phoneNumber: "" }), 400, /required field/],
    ["an over-long name", "booking", () => postJson(worker, "/.netlify/functions/booking", { ...validBooking, fullName: "J".repeat(101) }), 400, /too long/],
    ["a name that is not text", "sendQuote", () => postJson(worker, "/.netlify/functions/sendQuote", { ...validContact, name: 42 }), 400, /name/],
    ["an unknown booth type", "booking", () => postJson(worker, "/.netlify/functions/booking", { ...validBooking, boothType: "Mirror Booth" }), 400, /booth type/],
    ["an unknown duration", "booking", () => postJson(worker, "/.netlify/functions/booking", { ...validBooking, packageDuration: "9 Hours" }), 400, /package duration/],
    ["an unknown quote duration", "sendQuote", () => postJson(worker, "/.netlify/functions/sendQuote", { ...validQuote, packageDuration: "2 Hours" }), 400, /package duration/],
    ["a date that does not exist", "booking", () => postJson(worker, "/.netlify/functions/booking", { ...validBooking, eventDate: "2031-02-30" }), 400, /real calendar date/],
    ["a date in the past", "sendQuote", () => postJson(worker, "/.netlify/functions/sendQuote", { ...validQuote, eventDate: "2020-01-01" }), 400, /in the past/],
    ["a badly written date", "booking", () => postJson(worker, "/.netlify/functions/booking", { ...validBooking, eventDate: "15/06/2031" }), 400, /YYYY-MM-DD/],
    ["an address that is not an e-mail address", "booking", () => postJson(worker, "/.netlify/functions/booking", { ...validBooking, email: "jane@example" }), 400, /valid email/],
    ["a malformed invoice number", "booking", () => postJson(worker, "/.netlify/functions/booking", { ...validBooking, invoiceNumber: "PB-2026-1" }), 400, /invoice number/],
    ["a service other than Photobooth", "booking", () => postJson(worker, "/.netlify/functions/booking", { ...validBooking, service: "Video" }), 400, /Photobooth/],
    ["a filled-in spam trap", "sendQuote", () => postJson(worker, "/.netlify/functions/sendQuote", { ...validContact, website: "http://spam.example" }), 400, /automated/],
  ];

  it.each(cases)("answers %s (%s) with a clear 4xx and stores nothing", async (_name, _endpoint, send, status, error) => {
    let response!: Response;
    const added = await newKeys(worker, async () => {
      response = await send();
    });
    expect(response.status).toBe(status);
    expect(((await response.json()) as { error: string }).error).toMatch(error);
    expect(added).toEqual([]);
  });

  it("refuses a body whose Content-Length claims more than 32 KB without reading it", async () => {
    const response = await worker.fetch("/.netlify/functions/sendQuote", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Content-Length": String(40 * 1024) },
      body: JSON.stringify(validQuote).padEnd(40 * 1024, " "),
    });
    expect(response.status).toBe(413);
  });

  it.each(["GET", "PUT", "DELETE"])("answers %s with 405 and Allow: POST", async (method) => {
    for (const path of ["/.netlify/functions/sendQuote", "/.netlify/functions/booking"]) {
      const response = await worker.fetch(path, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
    }
  });
});

describe("rate limit", () => {
  it("answers 429 once a visitor has used up the window and stores nothing more", async () => {
    const limited = await startWorker({ vars: { RATE_LIMIT_MAX: "2" } });
    try {
      for (let i = 0; i < 2; i++) expect((await postJson(limited, "/.netlify/functions/sendQuote", validContact)).status).toBe(200);
      // The two messages' e-mails arrive from the queue after the answers; wait for them first.
      const contacts = (await storedKeys(limited)).filter((key) => key.startsWith("contact:"));
      await Promise.all(contacts.map((key) => settledRecord(limited, key)));
      const before = await storedKeys(limited);
      const response = await postJson(limited, "/.netlify/functions/sendQuote", validContact);
      expect(response.status).toBe(429);
      expect(((await response.json()) as { error: string }).error).toMatch(/Too many requests/);
      expect(await storedKeys(limited)).toEqual(before);
      expect((await postJson(limited, "/.netlify/functions/booking", bookingIn("formsApi", 12))).status).toBe(200);
    } finally {
      await limited.dispose();
    }
  });
});
