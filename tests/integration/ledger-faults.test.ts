/**
 * Every change is finished, or never happened (docs/product-decisions.md, "What the books must
 * always say"): a failure is injected at each step that follows a move or a cancellation (KV write
 * and delete, hold release, R2 write, queue send) and at the hold a move claims; the ledger's
 * alarm then finishes the work. Each test asserts where the booking is, what is held, the e-mails
 * queued and the PDF, not the messages.
 */
import { describe, expect, it } from "vitest";
import { eventDate } from "../support/event-dates";
import { validBooking } from "../support/form-data";
import { bookThrough, currentRecord, type Booked } from "./booking";
import { freeOn, outboxMailsOf, postForm, settledRecord } from "./forms-support";
import { workerForFile, type FaultStep } from "./worker";

const worker = workerForFile({ vars: { RATE_LIMIT_MAX: "1000" }, faults: { planned: true } });

/** Each step, and the follow-up of the ledger that meets it. */
const steps: [FaultStep, string][] = [
  ["kv.put", "store"],
  ["kv.delete", "delete-key"],
  ["holds.release", "release-hold"],
  ["r2.put", "pdf"],
  ["queue.send", "mails"],
];

const enclosedFree = async (date: string) => (await freeOn(worker, date))["Enclosed Booth"]!;

/** A booking whose own e-mails are settled, so that only the change's steps meet the fault. */
async function settledBooking(day: number): Promise<Booked> {
  const booked = await bookThrough(worker, { ...validBooking, fullName: "Nguyễn Thị Hồng", eventDate: eventDate("ledgerFaults", day), boothType: "Enclosed Booth", packageDuration: "3 Hours" });
  await settledRecord(worker, booked.recordKey);
  return booked;
}

const keysOf = async (booked: Booked) =>
  (await (await worker.kv()).list({ prefix: "booking:" })).keys.map((key) => key.name).filter((name) => name.endsWith(booked.invoiceNumber));

const outboxNames = async (recordKey: string) => (await outboxMailsOf(worker, recordKey)).map((mail) => mail.messageId.split("#")[1]!).sort();

/** When the stored PDF was last written. */
async function pdfWrittenAt(booked: Booked): Promise<number> {
  const record = await currentRecord(worker, booked);
  return (await (await worker.r2()).head(record.invoicePdf))?.uploaded.getTime() ?? 0;
}

async function injectAndExpectMet(step: FaultStep, followUp: string, change: () => Promise<Response>) {
  await worker.failNext(step, 1);
  const answer = await change();
  expect(answer.status).toBe(303);
  expect(await worker.faultsLeft(step)).toBe(0);
  expect(worker.logs.join("\n")).toContain(`Booking ledger: ${followUp} failed`);
}

describe("a move whose follow-up fails is finished by the ledger", () => {
  it.each(steps.map(([step, followUp], index) => [step, followUp, index + 1] as const))("when %s fails (its %s step)", async (step, followUp, day) => {
    const booked = await settledBooking(day);
    const to = eventDate("ledgerFaults", day + 10);
    const [oldFree, newFree] = [await enclosedFree(booked.eventDate), await enclosedFree(to)];
    const pdfBefore = await pdfWrittenAt(booked);

    await injectAndExpectMet(step, followUp, () => postForm(worker, `/invoice/${booked.invoiceNumber}/move?key=${booked.secret}`, { newDate: to }));

    const newKey = `booking:${to}:${booked.invoiceNumber}`;
    await expect.poll(() => keysOf(booked)).toEqual([newKey]);
    const moved = await currentRecord(worker, booked);
    expect(moved.eventDate).toBe(to);
    await expect.poll(async () => [await enclosedFree(booked.eventDate), await enclosedFree(to)]).toEqual([oldFree + 1, newFree - 1]);
    await expect.poll(() => outboxNames(newKey), { timeout: 20_000 }).toEqual(expect.arrayContaining([`moved-1-${to}`, `moved-1-${to}-owner`]));
    const names = await outboxNames(newKey);
    expect(names.filter((name) => name.startsWith("moved-"))).toEqual([`moved-1-${to}`, `moved-1-${to}-owner`]);
    await expect.poll(() => pdfWrittenAt(booked)).toBeGreaterThan(pdfBefore);
    const pdf = await (await worker.r2()).head(moved.invoicePdf);
    expect(pdf?.customMetadata?.summary).toContain(to);
  });

  it("when holding the new date fails: nothing changes, and the claim is given back", async () => {
    const booked = await settledBooking(6);
    const to = eventDate("ledgerFaults", 16);
    const [oldFree, newFree] = [await enclosedFree(booked.eventDate), await enclosedFree(to)];
    await worker.failNext("holds.hold", 1);

    const answer = await postForm(worker, `/invoice/${booked.invoiceNumber}/move?key=${booked.secret}`, { newDate: to });
    expect(answer.status).toBe(503);
    expect(await answer.text()).toContain("We could not make that change just now");
    expect(await keysOf(booked)).toEqual([booked.recordKey]);
    expect([await enclosedFree(booked.eventDate), await enclosedFree(to)]).toEqual([oldFree, newFree]);

    // The same move afterwards goes through as if nothing had happened.
    expect((await postForm(worker, `/invoice/${booked.invoiceNumber}/move?key=${booked.secret}`, { newDate: to })).status).toBe(303);
    await expect.poll(async () => [await enclosedFree(booked.eventDate), await enclosedFree(to)]).toEqual([oldFree + 1, newFree - 1]);
  });

  it("when the new date is held but the answer is lost: the ledger's alarm gives the claimed booth back, with no other change asked of it", async () => {
    const booked = await settledBooking(7);
    const to = eventDate("ledgerFaults", 17);
    const [oldFree, newFree] = [await enclosedFree(booked.eventDate), await enclosedFree(to)];
    await worker.failNext("holds.hold.lost", 1);

    expect((await postForm(worker, `/invoice/${booked.invoiceNumber}/move?key=${booked.secret}`, { newDate: to })).status).toBe(503);
    expect(await worker.faultsLeft("holds.hold.lost")).toBe(0);
    // Nothing else touches the booking: only the alarm set when the claim was written can give the booth back.
    await expect.poll(() => enclosedFree(to), { timeout: 10_000 }).toBe(newFree);
    expect(await enclosedFree(booked.eventDate)).toBe(oldFree);
    expect(await keysOf(booked)).toEqual([booked.recordKey]);
  });
});

describe("a cancellation whose follow-up fails is finished by the ledger", () => {
  it.each(steps.filter(([step]) => step !== "kv.delete").map(([step, followUp], index) => [step, followUp, index + 20] as const))("when %s fails (its %s step)", async (step, followUp, day) => {
    const booked = await settledBooking(day);
    const free = await enclosedFree(booked.eventDate);
    const pdfBefore = await pdfWrittenAt(booked);

    await injectAndExpectMet(step, followUp, () => postForm(worker, `/invoice/${booked.invoiceNumber}/cancel?key=${booked.secret}`, {}));

    await expect.poll(async () => (await currentRecord(worker, booked)).status).toBe("cancelled");
    await expect.poll(() => enclosedFree(booked.eventDate)).toBe(free + 1);
    await expect.poll(() => outboxNames(booked.recordKey), { timeout: 20_000 }).toEqual(expect.arrayContaining(["cancelled", "cancelled-owner"]));
    expect((await outboxNames(booked.recordKey)).filter((name) => name.startsWith("cancelled"))).toEqual(["cancelled", "cancelled-owner"]);
    await expect.poll(() => pdfWrittenAt(booked)).toBeGreaterThan(pdfBefore);
    // Asking again is answered from the ledger's copy: cancelled already, nothing more happens.
    expect((await postForm(worker, `/invoice/${booked.invoiceNumber}/cancel?key=${booked.secret}`, {})).status).toBe(409);
  });
});
