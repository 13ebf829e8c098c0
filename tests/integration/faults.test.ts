import { afterEach, describe, expect, it } from "vitest";
import { durableBookingIndex } from "~/bookings/by-date/booking-index";
import { bookingIn, validContact, validQuote } from "../support/form-data";
import { acceptTerms, bookThrough } from "./booking";
import { freeOn, newKeys, outboxMailsOf, postForm, postJson } from "./forms-support";
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

  it("indexes the booking and makes its PDF and e-mails in the request when its ledger cannot be reached", async () => {
    const worker = await start({ faults: { planned: true } });
    // Unreachable for the whole test: nothing the ledger would do later (indexing it as it records the e-mails) can stand in for the request.
    await worker.failNext("ledger", 1000);
    const booked = await bookThrough(worker, bookingIn("faults", 5));
    expect(worker.logs.join("\n")).toContain(`The ledger of ${booked.invoiceNumber} could not take the new booking`);
    const indexed = await durableBookingIndex(await worker.index()).find({ kind: "events", from: booked.eventDate, to: booked.eventDate });
    expect(indexed.map(({ booking }) => booking.invoiceNumber)).toEqual([booked.invoiceNumber]);
    expect(await worker.r2Keys()).toContain(`${booked.invoiceNumber}.pdf`);
    await expect.poll(async () => new Set((await outboxMailsOf(worker, booked.recordKey)).map((mail) => mail.messageId.split("#")[1]))).toEqual(new Set(["owner", "visitor"]));
  });
});
