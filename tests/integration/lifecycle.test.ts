import { describe, expect, it } from "vitest";
import { bookingIn } from "../support/form-data";
import { startFakeStripe, stripeVars } from "../support/fake-stripe";
import { atGenerations, ownerLink as signedLink } from "../support/links";
import { amountsDue } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
import { addDays, melbourneInstant } from "~/utils/melbourne-time";
import { bookThrough, keepAndAccept, keepMyDate, payThrough, type Booked } from "./booking";
import { freeOn, getJson, newKeys, settledMailsOf, type OutboxMail } from "./forms-support";
import { startedForFile, workerForFile, testOrigin, testVars } from "./worker";

const stripe = startedForFile(() => startFakeStripe(), (fake) => fake.close());
const worker = workerForFile(() => ({ vars: { RATE_LIMIT_MAX: "1000", ...stripeVars(stripe) } }));

const book = (index: number) => bookThrough(worker, { ...bookingIn("lifecycle", index), email: `client${index}@example.com` });

/**
 * The signed owner link for `label` on this booking, once the owner's e-mail about it (which links
 * the owner's page of the booking) has been sent. The e-mails sent before the owner's page carried
 * these links, and they keep working until 30 days after the event.
 */
async function ownerLink(booked: Booked, label: "Confirm" | "Decline" | "Cancel"): Promise<string> {
  const mails = (await settledMailsOf(worker, booked.recordKey)).filter((mail) => mail.to.email === testVars.OWNER_EMAIL);
  const page = await signedLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "booking");
  if (!mails.some((mail) => mail.text.includes(`Your page of booking ${booked.invoiceNumber}: ${testOrigin}${page}`))) throw new Error(`No e-mail links the owner's page of ${booked.invoiceNumber}`);
  return signedLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, label.toLowerCase() as "confirm" | "decline" | "cancel");
}

const press = (path: string) => worker.fetch(path, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "" });

async function status(booked: Booked): Promise<string> {
  return (await getJson<{ status: string }>(worker, booked.recordKey)).status;
}

async function clientMails(booked: Booked, index: number): Promise<OutboxMail[]> {
  return (await settledMailsOf(worker, booked.recordKey)).filter((mail) => mail.to.email === `client${index}@example.com`);
}

describe("the owner's links", () => {
  it("shows the booking on GET without changing anything, confirms on POST, and acting twice is harmless", async () => {
    const booked = await book(1);
    const confirm = await ownerLink(booked, "Confirm");
    await ownerLink(booked, "Decline");

    let page!: Response;
    const added = await newKeys(worker, async () => {
      page = await worker.fetch(confirm);
    });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain(booked.invoiceNumber);
    expect(html).toContain("Confirm this booking");
    expect(added).toEqual([]);
    expect(await status(booked)).toBe("requested");

    expect(await (await press(confirm)).text()).toContain(`Booking ${booked.invoiceNumber} is now confirmed.`);
    expect(await status(booked)).toBe("confirmed");
    expect((await clientMails(booked, 1)).map((mail) => mail.subject)).toContainEqual(expect.stringMatching(/is confirmed/));
    expect((await freeOn(worker, booked.eventDate))[booked.boothType]).toBe(0);

    expect(await (await press(confirm)).text()).toContain(`Booking ${booked.invoiceNumber} is already confirmed: this link has nothing left to do.`);
    const record = await getJson<{ history: { status: string; by: string }[] }>(worker, booked.recordKey);
    expect(record.history.map(({ status, by }) => `${status} by ${by}`)).toEqual(["requested by client", "confirmed by owner"]);
  });

  it("cancels a confirmed booking from the confirmed e-mail, freeing the date at once and telling the client", async () => {
    const booked = await book(2);
    await press(await ownerLink(booked, "Confirm"));
    const cancel = await ownerLink(booked, "Cancel");
    expect(await (await press(cancel)).text()).toContain("is now cancelled");
    expect((await freeOn(worker, booked.eventDate))[booked.boothType]).toBe(1);
    expect((await clientMails(booked, 2)).map((mail) => mail.subject)).toContainEqual(expect.stringMatching(/is cancelled/));
    const summary = (await (await worker.kv()).list({ prefix: booked.recordKey })).keys[0]?.metadata as { summary: string };
    expect(summary.summary).toMatch(/ · cancelled$/);
  });

  it("declines a request, freeing the date at once and telling the client", async () => {
    const booked = await book(4);
    expect((await freeOn(worker, booked.eventDate))[booked.boothType]).toBe(0);
    expect(await (await press(await ownerLink(booked, "Decline"))).text()).toContain("is now declined");
    expect((await freeOn(worker, booked.eventDate))[booked.boothType]).toBe(1);
    expect((await clientMails(booked, 4)).map((mail) => mail.subject)).toContainEqual(expect.stringMatching(/could not be accepted/));
    expect(worker.logs.join("\n")).toContain(`Booking ${booked.invoiceNumber} is now declined (was requested; by the owner).`);
  });

  it("answers a tampered or wrong-action link, or one of another generation, with a plain 404 and changes nothing", async () => {
    const booked = await book(5);
    const confirm = await ownerLink(booked, "Confirm");
    const otherGeneration = await signedLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "confirm", atGenerations({ confirm: 1 }));
    const forged = [
      confirm.replace(/sig=(.)/, (_, first: string) => `sig=${first === "a" ? "b" : "a"}`),
      confirm.replace("/confirm?", "/cancel?"),
      otherGeneration,
      confirm.replace(booked.invoiceNumber, booked.invoiceNumber.replace(/\d$/, (digit) => String((Number(digit) + 1) % 10))),
    ];
    for (const path of forged) {
      const added = await newKeys(worker, async () => {
        expect((await worker.fetch(path)).status).toBe(404);
        expect((await press(path)).status).toBe(404);
      });
      expect(added).toEqual([]);
    }
    expect(await status(booked)).toBe("requested");
  });
});

describe("the daily schedule", () => {
  it("expires exactly the requests older than 7 days with nothing paid, frees their dates, tells the clients, and a second run changes nothing", async () => {
    const stale = await book(6);
    // Its client kept the date from the e-mail: an unproved request would have given it up after 48 hours.
    expect((await keepMyDate(worker, stale)).status).toBe(303);
    const confirmed = await book(7);
    await press(await ownerLink(confirmed, "Confirm"));
    const paid = await book(8);
    await payThrough(worker, stripe, paid);

    await worker.scheduled(new Date(Date.now() + 6 * 86_400_000));
    expect(await status(stale)).toBe("requested");

    const eightDaysOn = new Date(Date.now() + 8 * 86_400_000);
    await worker.scheduled(eightDaysOn);
    expect([await status(stale), await status(confirmed), await status(paid)]).toEqual(["expired", "confirmed", "requested"]);
    expect((await freeOn(worker, stale.eventDate))[stale.boothType]).toBe(1);
    expect((await clientMails(stale, 6)).map((mail) => mail.subject)).toContainEqual(expect.stringMatching(/has expired/));
    const history = (await getJson<{ history: { status: string; by: string }[] }>(worker, stale.recordKey)).history;
    expect(history.at(-1)).toMatchObject({ status: "expired", by: "schedule" });

    const added = await newKeys(worker, () => worker.scheduled(eightDaysOn));
    expect(added).toEqual([]);
    expect((await getJson<{ history: unknown[] }>(worker, stale.recordKey)).history).toHaveLength(history.length);
  });
  it("lapses a booking whose terms were accepted with nothing paid the morning after its deposit was due, and keeps one the owner confirmed or that was paid", async () => {
    const accepted = await book(9);
    await keepAndAccept(worker, accepted, "Đặng Thị Lan");
    expect(await status(accepted)).toBe("confirmed");
    const byOwner = await book(10);
    await press(await ownerLink(byOwner, "Confirm"));
    const paid = await book(11);
    await keepAndAccept(worker, paid, "Ζωή Παπαδάκη");
    await payThrough(worker, stripe, paid);
    const { depositDueOn } = amountsDue(billableOf(await getJson<BookingRecord>(worker, accepted.recordKey)));

    // The deposit reminder says what happens if nothing comes.
    await worker.scheduled(melbourneInstant(addDays(depositDueOn, -1), "07:00"));
    expect(await status(accepted)).toBe("confirmed");
    const reminder = (await clientMails(accepted, 9)).find((mail) => mail.subject.startsWith("Your deposit is due"));
    expect(reminder?.text).toContain("if nothing is paid by then, the date is released the next morning");

    await worker.scheduled(melbourneInstant(addDays(depositDueOn, 1), "07:00"));
    expect([await status(accepted), await status(byOwner), await status(paid)]).toEqual(["expired", "confirmed", "confirmed"]);
    expect((await getJson<BookingRecord>(worker, accepted.recordKey)).history.at(-1)).toMatchObject({ status: "expired", by: "schedule" });
    expect((await freeOn(worker, accepted.eventDate))[accepted.boothType]).toBe(1);
    expect(amountsDue(billableOf(await getJson<BookingRecord>(worker, accepted.recordKey)))).toMatchObject({ billedCents: 0, owingCents: 0 });
  });
});
