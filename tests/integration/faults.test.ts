import { afterEach, describe, expect, it } from "vitest";
import { durableBookingIndex } from "~/bookings/by-date/booking-index";
import type { BookingRecord } from "~/bookings/record/booking";
import { formatDateInWords } from "~/utils/date-words";
import { addDays, melbourneInstant, melbourneToday } from "~/utils/melbourne-time";
import { bookingIn, validContact, validQuote } from "../support/form-data";
import { acceptTerms, bookThrough, type Booked } from "./booking";
import { freeOn, newKeys, outboxMailsOf, postForm, postJson, settledMailsOf, settledRecord, summaryOf } from "./forms-support";
import { startWorker, type TestWorker, type WorkerOptions } from "./worker";

let worker: TestWorker | undefined;
afterEach(async () => {
  await worker?.dispose();
  worker = undefined;
});

async function start(options: WorkerOptions) {
  worker = await startWorker({ ...options, vars: { RATE_LIMIT_MAX: "1000", ...options.vars } });
  return worker;
}

const storageDown = /could not save your request just now, so nothing was sent/;

describe("when R2 refuses writes", () => {
  it("keeps the booking, marks it for the owner, logs the failure and still serves the PDF", async () => {
    const worker = await start({ faults: { r2Writes: true } });
    let response!: Response;
    const added = await newKeys(worker, async () => {
      response = await postJson(worker, "/.netlify/functions/booking", bookingIn("faults", 0));
    });
    expect(response.status).toBe(200);
    const { invoiceNumber, invoiceUrl } = (await response.json()) as { invoiceNumber: string; invoiceUrl: string };
    expect(added.filter((name) => name.startsWith("r2:"))).toEqual([]);
    const key = added.find((name) => name.startsWith("booking:"))!;
    const listed = await (await worker.kv()).list({ prefix: key });
    expect((listed.keys[0]?.metadata as { summary: string }).summary).toContain("PDF NOT WRITTEN");
    await expect.poll(() => worker.logs.join("\n")).toMatch(new RegExp(`Invoice PDF for ${invoiceNumber} was not written`));

    const page = await (await worker.fetch(new URL(invoiceUrl).pathname + new URL(invoiceUrl).search)).text();
    const pdfPath = page.match(/href="(\/invoice\/[^"]+\/pdf\?key=[^"]+)"/)?.[1]?.replaceAll("&amp;", "&");
    expect(pdfPath).toBeTruthy();
    const pdf = await worker.fetch(pdfPath!);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
  });
});

describe("when R2 cannot keep a copy of the terms", () => {
  it("refuses the acceptance with 503 and a clear message, records nothing, and takes it on the next press", async () => {
    const worker = await start({ faults: { planned: true } });
    const booked = await bookThrough(worker, bookingIn("faults", 6));
    await worker.failNext("r2.put");
    const refused = await acceptTerms(worker, booked, "Trần Thị Mai");
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { error: string }).error).toMatch(/could not record your acceptance just now.*try again/i);
    expect(await worker.faultsLeft("r2.put")).toBe(0);
    const { booking } = (await (await worker.ledger()).read(booked.invoiceNumber))!;
    expect(booking.acceptance).toBeUndefined();
    expect(booking.status).toBe("requested");
    expect(await worker.r2Keys(`terms/${booked.invoiceNumber}`)).toEqual([]);

    expect((await acceptTerms(worker, booked, "Trần Thị Mai")).status).toBe(200);
    const accepted = (await (await worker.ledger()).read(booked.invoiceNumber))!.booking;
    expect(accepted.acceptance?.name).toBe("Trần Thị Mai");
    expect(accepted.status).toBe("confirmed");
  });
});

describe("when KV refuses writes", () => {
  it.each([
    ["booking", () => postJson(worker!, "/.netlify/functions/booking", bookingIn("faults", 1))],
    ["quote", () => postJson(worker!, "/.netlify/functions/sendQuote", validQuote)],
    ["contact", () => postJson(worker!, "/.netlify/functions/sendQuote", validContact)],
  ])("refuses a %s with 503 and a clear message, stores nothing and logs it", async (kind, send) => {
    const worker = await start({ faults: { kvWrites: {} } });
    let response!: Response;
    const added = await newKeys(worker, async () => {
      response = await send();
    });
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: string }).error).toMatch(storageDown);
    expect(added).toEqual([]);
    await expect.poll(() => worker.logs.join("\n")).toMatch(new RegExp(`A ${kind} could not be stored`));
  });

  it("leaves no invoice index behind when the booking itself cannot be written", async () => {
    const worker = await start({ faults: { kvWrites: { failPrefix: "booking:" } } });
    let response!: Response;
    const added = await newKeys(worker, async () => {
      response = await postJson(worker, "/.netlify/functions/booking", bookingIn("faults", 2));
    });
    expect(response.status).toBe(503);
    expect(added).toEqual([]);
  });

  it("leaves no booking behind when its invoice index cannot be written, and gives its booth back", async () => {
    const worker = await start({ faults: { kvWrites: { failPrefix: "invoice:" } } });
    const booking = bookingIn("faults", 3);
    let response!: Response;
    const added = await newKeys(worker, async () => {
      response = await postJson(worker, "/.netlify/functions/booking", booking);
    });
    expect(response.status).toBe(503);
    expect(added).toEqual([]);
    expect((await freeOn(worker, booking.eventDate))[booking.boothType]).toBe(1);
  });

  it("shows the visitor the message on the page when the form is sent without JavaScript", async () => {
    const worker = await start({ faults: { kvWrites: {} } });
    const response = await postForm(worker, "/quickquote", validQuote);
    expect(response.status).toBe(503);
    expect(await response.text()).toMatch(/Failed to send your request\. Please try again later\./);
  });
});

describe("when a step of taking a booking fails", () => {
  it("stores nothing and gives the booth back when its invoice number cannot be claimed", async () => {
    const worker = await start({ faults: { planned: true } });
    const booking = bookingIn("faults", 4);
    await worker.failNext("claims.claim");
    let response!: Response;
    const added = await newKeys(worker, async () => {
      response = await postJson(worker, "/.netlify/functions/booking", booking);
    });
    expect(response.status).toBe(503);
    expect(await worker.faultsLeft("claims.claim")).toBe(0);
    expect(added).toEqual([]);
    expect((await freeOn(worker, booking.eventDate))[booking.boothType]).toBe(1);
  });

  it("indexes the booking and makes its PDF and e-mails in the request when the ledger opens' queue refuses it and its ledger cannot be reached", async () => {
    const worker = await start({ faults: { planned: true } });
    // Unreachable for the whole test: nothing the ledger would do later (indexing it as it records the e-mails) can stand in for the request.
    await worker.failNext("ledger-opens.send");
    await worker.failNext("ledger", 1000);
    const booked = await bookThrough(worker, bookingIn("faults", 5));
    expect(worker.logs.join("\n")).toContain(`The ledger of ${booked.invoiceNumber} could not take the new booking`);
    await expectOpened(worker, booked);
  });
});

/** The booking is in the index of bookings by date, its PDF in R2, its owner's and client's e-mails queued once each. */
async function expectOpened(worker: TestWorker, booked: Booked): Promise<void> {
  const index = durableBookingIndex(await worker.index());
  await expect.poll(async () => (await index.find({ kind: "events", from: booked.eventDate, to: booked.eventDate })).map(({ booking }) => booking.invoiceNumber), { timeout: 20_000 }).toEqual([booked.invoiceNumber]);
  await expect.poll(() => worker.r2Keys(), { timeout: 20_000 }).toContain(`${booked.invoiceNumber}.pdf`);
  await expect.poll(async () => new Set((await outboxMailsOf(worker, booked.recordKey)).map((mail) => mail.messageId.split("#")[1])), { timeout: 20_000 }).toEqual(new Set(["owner", "visitor"]));
}

/** Each of its two e-mails sent once, once the queue has recorded how they went. */
async function expectMailedOnce(worker: TestWorker, booked: Booked): Promise<void> {
  await settledRecord(worker, booked.recordKey);
  expect((await outboxMailsOf(worker, booked.recordKey)).map((mail) => mail.messageId.split("#")[1]).sort()).toEqual(["owner", "visitor"]);
}

describe("when a step after a booking's answer fails (issue 59: its ledger is opened from a queue)", () => {
  it("opens its ledger in the request when the queue refuses the open: nothing lost", async () => {
    const worker = await start({ faults: { planned: true } });
    await worker.failNext("ledger-opens.send");
    const booked = await bookThrough(worker, bookingIn("faults", 6));
    expect(worker.logs.join("\n")).toContain(`The ledger opens' queue refused ${booked.invoiceNumber}; its ledger is opened now`);
    await expectOpened(worker, booked);
    await expectMailedOnce(worker, booked);
  });

  it("opens it again from the queue when its ledger could not be reached: nothing lost, nothing twice", async () => {
    const worker = await start({ faults: { planned: true } });
    await worker.failNext("ledger", 2);
    const booked = await bookThrough(worker, bookingIn("faults", 7));
    // The booking's page and the owner's page of it read KV: both there before its ledger has it.
    expect((await worker.fetch(booked.page)).status).toBe(200);
    await expectOpened(worker, booked);
    await expectMailedOnce(worker, booked);
    expect(await worker.faultsLeft("ledger")).toBe(0);
    expect(worker.logs.join("\n")).toContain(`The ledger of ${booked.invoiceNumber} could not take the new booking (try 1)`);
  });

  it("indexes it from the ledger's alarm when the index's write fails after the answer", async () => {
    const worker = await start({ faults: { planned: true } });
    await worker.failNext("index.put", 2);
    const booked = await bookThrough(worker, bookingIn("faults", 8));
    await expectOpened(worker, booked);
    await expectMailedOnce(worker, booked);
    expect(await worker.faultsLeft("index.put")).toBe(0);
  });

  it("moves an open out of tries to its dead-letter queue: made without its ledger, the owner told once and in the next morning's e-mail; the ledger's later open adds nothing", async () => {
    // Two tries again, then the dead-letter queue (wrangler.toml's 100 would take minutes): the ledger fails all three and the dead letter's one more.
    const worker = await start({ faults: { planned: true }, ledgerOpenRetries: 2 });
    await worker.failNext("ledger", 4);
    const booked = await bookThrough(worker, bookingIn("faults", 10));
    await expectOpened(worker, booked);
    await expectMailedOnce(worker, booked);
    expect(await worker.faultsLeft("ledger")).toBe(0);
    expect(worker.logs.join("\n")).toContain(`The ledger of ${booked.invoiceNumber} could not take the new booking (try 3)`);
    expect(worker.logs.join("\n")).toContain(`The ledger of ${booked.invoiceNumber} could not take the new booking by its last try`);

    // What the owner sees: a record of it, listed by its day, and one e-mail with their page of the booking.
    const today = melbourneToday();
    const key = `ledger-not-opened:${today}:${booked.invoiceNumber}`;
    expect(await summaryOf(worker, key)).toBe(`${booked.invoiceNumber} ${bookingIn("faults", 10).fullName}, ${formatDateInWords(booked.eventDate)}: LEDGER NOT OPENED, made without it`);
    const [told, ...more] = await settledMailsOf(worker, key);
    expect(more).toEqual([]);
    expect(told!.to.email).toBe("owner@example.com");
    expect(told!.subject).toBe(`Booking ${booked.invoiceNumber}: its ledger could not take it`);
    expect(told!.text).toMatch(new RegExp(`/owner/booking/${booked.invoiceNumber}\\?sig=`));
    const tomorrow = addDays(today, 1);
    await worker.scheduled(melbourneInstant(tomorrow, "06:00"));
    const [morning] = await settledMailsOf(worker, `agenda:${tomorrow}`);
    expect(morning!.text).toMatch(new RegExp(`New bookings their ledger could not take yesterday, made without it \\(your e-mail of each\\):\\s+• ${booked.invoiceNumber} .*: LEDGER NOT OPENED`));

    // The dead letter delivered again while the ledger still fails: nothing sent twice, the owner not told again.
    const mails = Object.fromEntries((await outboxMailsOf(worker, booked.recordKey)).map(({ messageId, ...mail }) => [messageId.split("#")[1]!, mail]));
    const { booking } = (await (await worker.ledger()).read(booked.invoiceNumber))!;
    await worker.failNext("ledger", 1);
    await worker.deliverOpen("photobooth-ledger-opens-failed", { booking, mails });
    expect(await worker.faultsLeft("ledger")).toBe(0);
    expect(worker.logs.filter((line) => line.includes(`${booked.invoiceNumber} could not take the new booking by its last try`))).toHaveLength(2);
    // A later success: the open delivered again with the ledger there finds the booking it took in from KV, and adds nothing.
    await worker.deliverOpen("photobooth-ledger-opens", { booking, mails });
    await expect.poll(async () => (await (await worker.ledger()).read(booked.invoiceNumber))!.waiting, { timeout: 20_000 }).toBe(0);
    await expectOpened(worker, booked);
    await expectMailedOnce(worker, booked);
    expect(await outboxMailsOf(worker, key)).toHaveLength(1);
  });

  it("opens it as it is now when a request took it in from KV first: its e-mails once, its PDF, its index", async () => {
    const worker = await start({ faults: { planned: true } });
    // The queue's first try cannot reach the ledger; the client's page is asked of it meanwhile.
    await worker.failNext("ledger", 1);
    const booked = await bookThrough(worker, bookingIn("faults", 9));
    const ledger = await worker.ledger();
    expect(((await ledger.read(booked.invoiceNumber)) as { booking: { invoiceNumber: string } }).booking.invoiceNumber).toBe(booked.invoiceNumber);
    await expectOpened(worker, booked);
    await expectMailedOnce(worker, booked);
    // The copy it took in is the booking, not KV's record of it: the payment state is worked out at each store.
    const { booking } = (await ledger.read(booked.invoiceNumber))!;
    const { paymentState, ...stored } = (await (await worker.kv()).get<BookingRecord>(booked.recordKey, "json"))!;
    expect(paymentState).toBe("unpaid");
    expect(booking).toEqual(stored);
  });
});
