/**
 * What a link tells by what it costs (docs/product-decisions.md, "Links and what each may do"): a
 * booking page opened with a wrong key, or none, costs the storage reads of one opened for a number
 * that is no booking's, so neither the time it takes nor its bill tells which numbers exist. The
 * owner's autopay forms (issue 58) are powers of their page of the booking only.
 */
import { describe, expect, it } from "vitest";
import { eventDate } from "../support/event-dates";
import { validBooking } from "../support/form-data";
import { ownerLink } from "../support/links";
import { bookThrough, currentRecord } from "./booking";
import { postForm } from "./forms-support";
import { testVars, workerForFile } from "./worker";

const worker = workerForFile({ vars: { RATE_LIMIT_MAX: "1000" }, faults: { counted: true } });

/** The storage calls a GET of `path` made, each by binding and method (`kv.get`), their keys left out. */
async function readsOf(path: string): Promise<string[]> {
  const calls = await worker.calls(async () => expect((await worker.fetch(path)).status).toBe(404));
  return calls.map((call) => call.split(" ")[0]!).sort();
}

describe("an invoice number's page", () => {
  it("costs the same reads whether the number is a booking's or not", async () => {
    const booked = await bookThrough(worker, { ...validBooking, eventDate: eventDate("linkPowers", 1), boothType: "Open Booth", email: "powers1@example.com" });
    const unknown = "PB-20200101-100";
    const wrongKey = "A".repeat(27);
    for (const [known, none] of [
      [`/invoice/${booked.invoiceNumber}?key=${wrongKey}`, `/invoice/${unknown}?key=${wrongKey}`],
      [`/invoice/${booked.invoiceNumber}/pdf?key=${wrongKey}`, `/invoice/${unknown}/pdf?key=${wrongKey}`],
    ]) {
      const [knownReads, noneReads] = [await readsOf(known!), await readsOf(none!)];
      expect(knownReads.length).toBeGreaterThan(0);
      expect(noneReads, `${known} against ${none}`).toEqual(knownReads);
    }
  });
});

describe("the owner's autopay forms", () => {
  it("act only through the owner's page of the booking: another kind's link, a forged one or none is a 404 that changes nothing", async () => {
    const booked = await bookThrough(worker, { ...validBooking, eventDate: eventDate("linkPowers", 2), boothType: "Open Booth", email: "powers2@example.com" });
    const page = await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "booking");
    const refundSig = (await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "refund")).split("?")[1];
    const path = `/owner/booking/${booked.invoiceNumber}`;
    const forms: Record<string, string>[] = [{ intent: "stop-autopay" }, { intent: "charge-instalment", instalment: "1" }];
    for (const fields of forms) {
      for (const other of [`${path}?${refundSig}`, `${path}?sig=${"0".repeat(64)}`, path]) {
        const answer = await postForm(worker, other, fields);
        expect(answer.status, `${fields.intent} at ${other}`).toBe(404);
        expect(answer.headers.get("Location"), other).toBeNull();
      }
      // Its own page answers: this booking has no plan and no autopay, so there is nothing to do.
      const own = await postForm(worker, page, fields);
      expect([303, 409], fields.intent).toContain(own.status);
    }
    expect((await currentRecord(worker, booked)).autopayStopped).toBeUndefined();
  });
});
