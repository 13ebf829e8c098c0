/**
 * The owner's page of a booking (docs/product-decisions.md, "The owner's page, bank payments and
 * the photos"): one signed link of its own kind, the booking as its ledger holds it, and every
 * owner action as a form that changes the books through the ledger.
 */
import { Response as MiniflareResponse, type Request as MiniflareRequest } from "miniflare";
import { describe, expect, it } from "vitest";
import { amountsDue, formatCents } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
import { melbourneToday } from "~/utils/melbourne-time";
import { eventDate } from "../support/event-dates";
import { validBooking } from "../support/form-data";
import { atGenerations, daySheetAddresses, ownerLink } from "../support/links";
import { bookThrough, type Booked } from "./booking";
import { postForm } from "./forms-support";
import { testOrigin, testVars, workerForFile } from "./worker";

/** The address whose e-mails the fake MailChannels refuses while `refusing` is set. */
const bounced = "bounce@example.com";
let refusing = true;
const delivered: string[] = [];

const worker = workerForFile(() => ({
  vars: { MAILCHANNELS_API_KEY: "test", RATE_LIMIT_MAX: "1000" },
  outboundService: async (request: MiniflareRequest) => {
    const body = (await request.json()) as { personalizations: { to: { email: string }[] }[]; subject: string };
    const to = body.personalizations[0]!.to[0]!.email;
    if (to === bounced && refusing) return new MiniflareResponse('{"errors":["mailbox unavailable"]}', { status: 400 });
    delivered.push(`${to}: ${body.subject}`);
    return new MiniflareResponse(null, { status: 202 });
  },
}));

const book = (day: number, fields: Record<string, string> = {}) =>
  bookThrough(worker, { ...validBooking, fullName: `Chủ nhà ${day}`, email: `owner-page${day}@example.com`, eventDate: eventDate("ownerPage", day), boothType: "Enclosed Booth", packageDuration: "3 Hours", ...fields });

/** The owner's page of the booking, at the kind's generation now (a test below takes the kind back). */
const pageOf = async (booked: Booked) => ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "booking", await worker.generations());

async function ledgerCopy(booked: Booked): Promise<BookingRecord> {
  return (await (await worker.ledger()).read(booked.invoiceNumber))!.booking;
}

/** Presses one of the page's forms as a browser without JavaScript does. */
async function press(booked: Booked, fields: Record<string, string>) {
  return postForm(worker, await pageOf(booked), fields);
}

const said = (answer: Response) => new URL(answer.headers.get("Location")!, testOrigin).searchParams.get("done");

describe("the owner's page of a booking", () => {
  it("opens with its own link only: a forged one, another kind's and a revoked one are the same 404", async () => {
    const booked = await book(1);
    const page = await worker.fetch(await pageOf(booked));
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.headers.get("X-Robots-Tag")).toBe("noindex");
    const html = await page.text();
    expect(html).toContain(`${booked.invoiceNumber}: Chủ nhà 1`);
    expect(html).toContain("Waiting for your answer");

    const refundSig = (await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "refund")).split("?")[1];
    const revoked = await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "booking", atGenerations({ booking: 1 }));
    for (const path of [`/owner/booking/${booked.invoiceNumber}?sig=${"0".repeat(64)}`, `/owner/booking/${booked.invoiceNumber}?${refundSig}`, `/owner/booking/${booked.invoiceNumber}`]) {
      expect((await worker.fetch(path)).status, path).toBe(404);
    }
    const before = await pageOf(booked);
    await (await worker.generations()).move({ kind: "booking" }, 0);
    expect((await worker.fetch(before)).status).toBe(404);
    expect((await worker.fetch(revoked)).status).toBe(200);
  });

  it("shows the money as a statement, and confirms, cancels with its figures shown first, and refunds once however often pressed", async () => {
    const booked = await book(2);
    const deposit = amountsDue(billableOf(await ledgerCopy(booked))).owingNow!.amountCents;
    expect((await press(booked, { intent: "bank", attempt: crypto.randomUUID(), amount: (deposit / 100).toFixed(2), receivedOn: melbourneToday(), reference: "deposit" })).status).toBe(303);
    const paid = amountsDue(billableOf(await ledgerCopy(booked))).paidCents;
    expect(paid).toBe(deposit);
    const before = await (await worker.fetch(await pageOf(booked))).text();
    expect(before).toContain(`${formatCents(paid)} paid by bank, reference &quot;deposit&quot;`);

    const confirmed = await press(booked, { intent: "confirm" });
    expect(confirmed.status).toBe(303);
    expect(said(confirmed)).toContain("is now confirmed");
    expect((await ledgerCopy(booked)).status).toBe("confirmed");

    // What cancelling costs is on the page before the button is pressed.
    expect(await (await worker.fetch(await pageOf(booked))).text()).toContain(`everything paid, ${formatCents(paid)}, is owed back`);
    expect((await press(booked, { intent: "cancel" })).status).toBe(303);
    expect((await ledgerCopy(booked)).status).toBe("cancelled");

    const attempt = crypto.randomUUID();
    const presses = await Promise.all([1, 2].map(() => press(booked, { intent: "refund", method: "bank", attempt })));
    expect(presses.map((answer) => answer.status)).toEqual([303, 303]);
    const booking = await ledgerCopy(booked);
    expect(booking.refunds).toEqual([expect.objectContaining({ method: "bank", amountCents: paid })]);
    expect(amountsDue(billableOf(booking)).refundOwedCents).toBe(0);
    // A second Cancel has nothing left to do, and says so.
    const again = await press(booked, { intent: "cancel" });
    expect(said(again)).toContain("was already cancelled");
  });

  it("notes something for the day on the day sheet, and takes it off", async () => {
    const booked = await book(3);
    expect((await press(booked, { intent: "day-note", note: "Bring the long extension lead — stage is 30 m from power" })).status).toBe(303);
    const sheet = new URL((await daySheetAddresses({ SITE_ORIGIN: testOrigin, OWNER_DAY_SECRET: testVars.OWNER_DAY_SECRET }, [booked.eventDate])).get(booked.eventDate)!);
    const sheetText = async () => (await worker.fetch(`${sheet.pathname}${sheet.search}`)).text();
    expect(await sheetText()).toContain("Bring the long extension lead — stage is 30 m from power");
    expect((await press(booked, { intent: "day-note", note: "" })).status).toBe(303);
    expect(await sheetText()).not.toContain("extension lead");
    expect((await ledgerCopy(booked)).dayNote).toMatchObject({ text: "", earlier: [expect.objectContaining({ text: "Bring the long extension lead — stage is 30 m from power" })] });
  });

  it("shows an e-mail the provider refused, and sends it again once the address works", async () => {
    refusing = true;
    const booked = await book(4, { email: bounced });
    await expect.poll(async () => (await ledgerCopy(booked)).emailDelivery.visitor?.status, { timeout: 20_000 }).toBe("failed");
    const html = await (await worker.fetch(await pageOf(booked))).text();
    expect(html).toMatch(/visitor<\/strong> to bounce@example\.com: refused: MailChannels answered 400/);
    expect(html).toContain("Send it again");

    refusing = false;
    const resent = await press(booked, { intent: "resend", mail: "visitor" });
    expect(resent.status).toBe(303);
    await expect.poll(async () => (await ledgerCopy(booked)).emailDelivery.visitor?.status, { timeout: 20_000 }).toBe("sent");
    expect(delivered.filter((line) => line.startsWith(`${bounced}:`))).toHaveLength(1);
    // Sent, it is not offered again.
    expect((await press(booked, { intent: "resend", mail: "visitor" })).status).toBe(409);
  });

  it("refuses what does not parse, and answers with the page and the reason", async () => {
    const booked = await book(5);
    const answer = await press(booked, { intent: "bank", attempt: crypto.randomUUID(), amount: "lots", receivedOn: melbourneToday() });
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain("Please enter the amount in dollars");
    expect(html).toContain(`${booked.invoiceNumber}: Chủ nhà 5`);
    expect((await press(booked, { intent: "launch" })).status).toBe(400);
  });
});
