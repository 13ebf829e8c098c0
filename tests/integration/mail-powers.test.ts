/**
 * What the site's e-mails and forms let go where they should not (docs/product-decisions.md,
 * "E-mail delivery" and "Bad input"): the owner's e-mail with a signed link is never answered to
 * the client, an acknowledgement repeats nothing typed, and the owner's Refund form reads no more
 * than the other forms do.
 */
import { describe, expect, it } from "vitest";
import { addDays, melbourneInstant, melbourneToday } from "~/utils/melbourne-time";
import { eventDate } from "../support/event-dates";
import { validBooking, validContact, validQuote } from "../support/form-data";
import { ownerLink } from "../support/links";
import { bookThrough, confirmAndAccept, currentRecord } from "./booking";
import { newKeys, postJson, settledMailsOf } from "./forms-support";
import { testVars, workerForFile } from "./worker";

const worker = workerForFile({ vars: { RATE_LIMIT_MAX: "1000" } });

const book = (day: number, fields: Record<string, string> = {}) =>
  bookThrough(worker, { ...validBooking, eventDate: eventDate("mailPowers", day), boothType: "Open Booth", packageDuration: "3 Hours", email: `powers${day}@example.com`, ...fields });

describe("the owner's e-mail with a signed link", () => {
  it("is not answered to the client: the overdue payment's copy replies to the owner and offers a mailto: link to the client", async () => {
    const booked = await book(1, { fullName: "Olivia Brown" });
    // Kept from the e-mail and confirmed, or its 48 hours or the run would expire the unpaid request first.
    expect((await confirmAndAccept(worker, booked, "Olivia Brown")).status).toBe(200);
    await worker.scheduled(melbourneInstant(addDays(melbourneToday(), 9), "06:00"));
    const mails = await settledMailsOf(worker, booked.recordKey);
    const owner = mails.find((mail) => /#reminder-overdue-.*-owner$/.test(mail.messageId));
    expect(owner?.to.email).toBe(testVars.OWNER_EMAIL);
    expect(owner?.text).toMatch(new RegExp(`Your page of booking ${booked.invoiceNumber}: \\S+/owner/booking/${booked.invoiceNumber}\\?`));
    expect(owner?.replyTo.email).toBe(testVars.OWNER_EMAIL);
    expect(owner?.text).toContain("Write to Olivia Brown: mailto:powers1@example.com");
    expect(owner?.html).toContain('<a href="mailto:powers1@example.com">Write to Olivia Brown</a>');
  });
});

describe("an acknowledgement", () => {
  // Typed text an attacker might send from the business's domain to anyone's address.
  const name = "Nguyễn Thị Ánh Tuyết";
  const message = "Claim your refund at https://refunds.example.net/claim?id=7731 before Friday";
  const location = "https://venue.example.net/mansion";

  async function sent(body: Record<string, unknown>, prefix: "quote:" | "contact:") {
    let response!: Response;
    const added = await newKeys(worker, async () => {
      response = await postJson(worker, "/.netlify/functions/sendQuote", body);
    });
    expect(response.status).toBe(200);
    const mails = await settledMailsOf(worker, added.find((key) => key.startsWith(prefix))!);
    return { owner: mails.find((mail) => mail.messageId.endsWith("#owner"))!, visitor: mails.find((mail) => mail.messageId.endsWith("#visitor"))! };
  }

  const everything = (mail: { subject: string; text: string; html: string }) => `${mail.subject}\n${mail.text}\n${mail.html}`;

  it("of a quote says what was asked about and holds none of the typed message, name or venue; the owner's copy has them", async () => {
    const quote = { ...validQuote, fullName: name, message, eventLocation: location, eventDate: eventDate("mailPowers", 2), email: "quote-powers@example.com" };
    const { owner, visitor } = await sent(quote, "quote:");
    expect(visitor.to.email).toBe("quote-powers@example.com");
    for (const typed of [name, "Nguy", "refunds.example.net", "Claim your refund", "venue.example.net"]) expect(everything(visitor)).not.toContain(typed);
    expect(visitor.text).toMatch(/^Hello,/);
    expect(visitor.text).toMatch(/Event date: \w+day \d+ \w+ \d{4}\nBooth: Glam Booth\nHours: 3hrs\nAdd-ons: None asked about/);
    for (const typed of [name, message, location]) expect(owner.text).toContain(typed);
  });

  it("of a contact message says it was received and holds none of the typed message or name; the owner's copy has them", async () => {
    const { owner, visitor } = await sent({ ...validContact, name, message, email: "contact-powers@example.com" }, "contact:");
    expect(visitor.to.email).toBe("contact-powers@example.com");
    for (const typed of [name, "Nguy", "refunds.example.net", "Claim your refund"]) expect(everything(visitor)).not.toContain(typed);
    expect(visitor.text).toContain("we received your message");
    for (const typed of [name, message]) expect(owner.text).toContain(typed);
  });
});

describe("the owner's Refund form", () => {
  it("refuses a body that declares more than 32 KB with 413, without reading it, and does nothing", async () => {
    const booked = await book(3);
    const refund = await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "refund");
    // The body never ends: a Worker that read it would never answer.
    const body = new ReadableStream<Uint8Array>({ start: (controller) => controller.enqueue(new TextEncoder().encode("method=bank&attempt=")) });
    const response = await worker.fetch(refund, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(64 * 1024 * 1024) },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("The request is too large.");
    expect((await currentRecord(worker, booked)).refunds).toBeUndefined();
  });
});
