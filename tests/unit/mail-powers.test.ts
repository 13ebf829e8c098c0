/**
 * Every kind of e-mail the site sends, held to docs/product-decisions.md, "E-mail delivery": an
 * e-mail to the owner that carries an owner link (any address under /owner/) is never sent with
 * the client as its Reply-To, where a reply would quote the link to them, and offers "Write to
 * {client}" as a mailto: link instead; an e-mail to the client never carries one.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as morningModule from "~/agenda/morning.server";
import * as autopayMailsModule from "~/bookings/mails/autopay-mails.server";
import * as changeMailsModule from "~/bookings/mails/change-mails.server";
import * as clientMailsModule from "~/bookings/mails/client-mails.server";
import * as extrasMailsModule from "~/bookings/mails/extras-mails.server";
import * as ledgerMailsModule from "~/bookings/mails/ledger-mails.server";
import * as bookingMailsModule from "~/bookings/mails/mails.server";
import * as photosMailsModule from "~/bookings/mails/photos-mails.server";
import * as proofMailsModule from "~/bookings/mails/proof-mails.server";
import { amountsDue, type Payment, type Refund } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
import { cancellationOf } from "~/bookings/record/cancellation";
import type { QuoteInput } from "~/input/quote-forms";
import { ownerActionLinks, type SignedAction } from "~/bookings/record/owner-links.server";
import type { ProofVersion } from "~/bookings/record/proofs";
import { toClient, type Link, type MailPair } from "~/mail/letter.server";
import type { Address, Mail } from "~/mail/message";
import type { ReminderKind } from "~/reminders/due";
import * as reminderMailsModule from "~/reminders/mails.server";
import * as quoteMailsModule from "~/quotes/mails.server";
import * as crewMailsModule from "~/crew/mails.server";
import * as requestMailsModule from "~/requests/mails.server";
import { travelTo } from "~/travel/travel.server";
import { daySheetAddresses, firstGenerations } from "../support/links";
import { pricedQuote } from "../support/sample-quote";

const { morningActions, morningContents, morningMail } = morningModule;
const { autopayStoppedByBankMail, instalmentFailedMails } = autopayMailsModule;
const { cancelledMails, movedMails, owedBackMail, refundFailedMail, refundMail } = changeMailsModule;
const { acceptanceMails, bookingLinkMail, detailsMail } = clientMailsModule;
const { extrasChangedMails } = extrasMailsModule;
const { ledgerNotOpenedMail } = ledgerMailsModule;
const { bookingMails, paymentMails, receiptWithdrawnMail, restoredMail, statusMails } = bookingMailsModule;
const { proofAnswerMail, proofReadyMail } = proofMailsModule;
const { photosMail } = photosMailsModule;
const { reminderMails } = reminderMailsModule;
const { contactMails } = requestMailsModule;
const { followUpMail, quoteMails } = quoteMailsModule;
const { answerOwnerMail, assignedMail, changedMail, freshLinkMail, offEventOwnerMail } = crewMailsModule;
/** An attendant: their e-mails go to them, and carry their own page only. */
const attendant = { email: "lan@example.com", name: "Lan" };
const attendantPage = "https://photobooths.test/crew/A-0123456789ab?sig=s";
const crewAssignment = { invoiceNumber: "PB-20290101-123", eventDate: "2029-03-17", start: "18:00", hours: 3, booth: "Glam Booth", attendantId: "A-0123456789ab", status: "assigned", at: "2029-03-01T00:00:00.000Z" } as const;

const ownerEmail = "owner@example.com";
const parties = { ownerEmail };
const config = {
  SITE_ORIGIN: "https://photobooths.test",
  OWNER_LINK_SECRET: "unit-test-owner-link-secret-0123456789abcdef",
  OWNER_FEED_SECRET: "unit-test-owner-feed-secret-0123456789abcdef",
  OWNER_DAY_SECRET: "unit-test-owner-day-secret-0123456789abcdef",
};
const keys = { config, generations: firstGenerations };
const today = "2029-03-01";
const number = "PB-20290101-123";
const client = { email: "hoa@example.com", name: "Nguyễn Thị Hoa" };

const booking: BookingRecord = {
  kind: "booking",
  fullName: client.name,
  email: client.email,
  phoneNumber: "0491 570 110",
  eventDate: "2029-03-17",
  eventLocation: "Werribee Park Mansion",
  boothType: "Glam Booth",
  packageDuration: "3 Hours",
  service: "Photobooth",
  message: "Start 7pm",
  extras: { extraHours: 0, addOns: [], backdrop: null },
  invoiceNumber: number,
  price: 580,
  currency: "AUD",
  receivedAt: "2029-01-01T00:00:00.000Z",
  issuedOn: "2029-01-01",
  invoiceSecret: "secret",
  invoicePdf: `${number}.pdf`,
  status: "confirmed",
  history: [{ status: "requested", at: "2029-01-01T00:00:00.000Z", by: "client" }],
  holdId: "hold",
  travel: travelTo("Werribee"),
  travelFee: 0,
  totalCents: 58_000,
  emailDelivery: {},
};
const payment: Payment = { sessionId: "cs_test_1", kind: "deposit", amountCents: 17_400, currency: "AUD", paidAt: "2029-01-02T00:00:00.000Z" };
const paid: BookingRecord = { ...booking, payments: [payment] };
const cancelled: BookingRecord = { ...paid, status: "cancelled", cancellation: cancellationOf(paid, "2029-01-03", "owner", new Date("2029-01-03T00:00:00.000Z")) };
const refund: Refund = { id: "re_1", amountCents: 17_400, method: "card", at: "2029-01-04T00:00:00.000Z" };
const accepted: BookingRecord = {
  ...booking,
  acceptance: { name: client.name, at: "2029-01-01T01:00:00.000Z", ip: "203.0.113.7", userAgent: "test", version: "November 24, 2026", sha256: "0".repeat(64), copy: "terms/x.txt" },
  eventDetails: { startTime: "18:30", venueAddress: "12 Station Place, Werribee VIC 3030", contactName: "Lan", contactMobile: "0412 345 678", printLines: ["Lan & Minh"], accessNotes: "", updatedAt: "2029-01-01T02:00:00.000Z" },
};
const proof: ProofVersion = { version: 1, key: `proofs/${number}/x`, contentType: "image/png", bytes: 4096, note: "Gold", uploadedAt: "2029-01-02T00:00:00.000Z" };
const page = `${config.SITE_ORIGIN}/invoice/${number}?key=secret`;
const urls = { invoice: page, calendar: `${config.SITE_ORIGIN}/invoice/${number}/event.ics?key=secret` };
const reminderKinds: ReminderKind[] = ["deposit-due", "balance-due", "autopay-notice", "overdue", "details", "proof", "day-before", "thank-you"];
const quote: QuoteInput = { fullName: client.name, email: client.email, phoneNumber: "0491 570 110", eventDate: "2029-03-17", eventLocation: "Werribee", packageDuration: "3hrs", service: "Glam Booth", message: "Hi", addOns: [], promoCode: undefined };
const quoteRecord = pricedQuote(quote, { today });

async function signed(action: SignedAction): Promise<Link> {
  const [link] = await ownerActionLinks(keys, number, [action]);
  return link!;
}

interface Case {
  name: string;
  mail: Mail;
  /** Whom the e-mail is about: an owner's e-mail about a client offers to write to them. */
  client: Address | null;
}

/** Every e-mail the site sends, each kind with every owner link it can carry. */
async function everyMail(): Promise<Case[]> {
  const [confirm, decline, cancel, refundLink, upload] = await Promise.all((["confirm", "decline", "cancel", "refund", "proof"] as const).map(signed));
  const about = (name: string, mails: Record<string, Mail> | MailPair): Case[] => Object.entries<Mail>({ ...mails }).map(([side, mail]) => ({ name: `${name}: ${side}`, mail, client }));
  const morning = morningContents(
    [{ booking: { ...booking, status: "requested" }, notes: "" }, { booking: cancelled, notes: "" }, { booking: { ...accepted, invoiceNumber: "PB-20290101-124" }, notes: "" }],
    [],
    today,
  );
  const sheets = [...(await daySheetAddresses(config, [today])).values()].map((url) => ({ label: "Today's day sheet", url }));
  const morningLinks = { links: sheets, actions: await morningActions(keys, morning) };
  return [
    ...about("quote", quoteMails(quoteRecord, { page: `${config.SITE_ORIGIN}/quote/Q-TESTQ234?key=quote-key&proof=p`, ownerView: `${config.SITE_ORIGIN}/owner/quote/Q-TESTQ234?sig=s` }, parties)),
    ...(["questions", "expiring", "taken"] as const).flatMap((name) =>
      about(`quote follow-up ${name}`, { visitor: followUpMail(quoteRecord, name, { page: `${config.SITE_ORIGIN}/quote/Q-TESTQ234?key=quote-key`, unsubscribe: `${config.SITE_ORIGIN}/unsubscribe/Q-TESTQ234?sig=s` }, { ownerEmail, alternatives: null }) }),
    ),
    ...about("contact", contactMails({ name: client.name, email: client.email, message: "Hi" }, parties)),
    ...about("booking", bookingMails({ ...booking, status: "requested" }, { ...urls, ownerActions: [confirm!, decline!] }, parties)),
    ...(["confirmed", "declined", "expired"] as const).flatMap((status) => about(`status ${status}`, statusMails(booking, status, { ...urls, ownerActions: [cancel!] }, parties))),
    ...about("payment", paymentMails(paid, payment, amountsDue(billableOf(paid)), page, parties)),
    ...about("payment owed back", paymentMails(cancelled, payment, amountsDue(billableOf(cancelled)), page, parties, refundLink)),
    ...about("receipt withdrawn", { visitor: receiptWithdrawnMail(booking, { ...payment, method: "bank", reference: number, voidedAt: "2029-01-04T00:00:00.000Z", reason: "Mistyped" }, amountsDue(billableOf(booking)), page, parties) }),
    ...about("booking put back", { visitor: restoredMail(paid, { ...payment, method: "bank", reference: number }, page, parties) }),
    ...about("acceptance", acceptanceMails(accepted, { page, copy: `${config.SITE_ORIGIN}/invoice/${number}/terms.txt?key=secret` }, parties)),
    ...about("details", { owner: detailsMail(accepted, [["Start time", "6:30 pm"]], { page, ownerPage: upload! }, parties) }),
    ...about("booking link", { visitor: bookingLinkMail(booking, page, parties) }),
    ...about("moved", movedMails(booking, "2029-03-10", page, parties)),
    ...about("cancelled", cancelledMails(cancelled, cancelled.cancellation!, { page, refund: refundLink! }, parties)),
    ...about("refund", { visitor: refundMail(cancelled, refund, page, parties) }),
    ...about("owed back", { owner: owedBackMail({ ...paid, status: "declined" }, page, refundLink!, parties, 17_400) }),
    ...about("refund failed", { owner: refundFailedMail(cancelled, refund, page, refundLink!, parties) }),
    ...about("add-ons", extrasChangedMails(paid, { from: booking.extras!, to: booking.extras!, at: "2029-01-03T00:00:00.000Z", differenceCents: -5_000 }, { page, refund: refundLink! }, parties)),
    ...about("proof ready", { visitor: proofReadyMail(accepted, proof, page, parties) }),
    ...about("autopay stopped by the bank", { visitor: autopayStoppedByBankMail(accepted, page, parties) }),
    ...about("instalment failed", instalmentFailedMails(accepted, { instalment: 2, amountCents: 17_267, code: "insufficient_funds", again: true }, page, [await signed("booking")], parties)),
    ...about("photos", { visitor: photosMail(accepted, "https://photos.example/albums/lan-and-minh", page, parties) }),
    ...about("proof answered", { owner: proofAnswerMail(accepted, { ...proof, answer: { kind: "changes", comment: "Bigger", at: "2029-01-03T00:00:00.000Z" } }, { page, upload: upload! }, parties) }),
    ...reminderKinds.flatMap((kind) => about(`reminder ${kind}`, reminderMails({ kind, name: `reminder-${kind}`, day: today, about: today }, accepted, { page, ownerPage: cancel! }, ownerEmail))),
    { name: "morning", mail: morningMail(morning, morningLinks, ownerEmail, today), client: null },
    { name: "crew assigned", mail: assignedMail(attendant, crewAssignment, attendantPage, ownerEmail), client: null },
    { name: "crew fresh link", mail: freshLinkMail(attendant, attendantPage, ownerEmail), client: null },
    ...(["changed", "cancelled", "off"] as const).map((kind) => ({ name: `crew ${kind}`, mail: changedMail(attendant, crewAssignment, kind === "off" ? { kind, reason: "Lan is already on PB-20290101-124 that day." } : kind === "changed" ? { kind, answerAgain: true } : { kind }, attendantPage, ownerEmail), client: null })),
    { name: "crew off: owner", mail: offEventOwnerMail(attendant, crewAssignment, { kind: "clash", reason: "Lan is already on PB-20290101-124 that day." }, [await signed("booking")], ownerEmail), client: null },
    { name: "crew let go: owner", mail: offEventOwnerMail(attendant, crewAssignment, { kind: "let-go", unproved: false }, [await signed("booking")], ownerEmail), client: null },
    { name: "crew accepted: owner", mail: answerOwnerMail(attendant, { ...crewAssignment, status: "accepted" }, [await signed("booking")], ownerEmail), client: null },
    { name: "crew declined: owner", mail: answerOwnerMail(attendant, { ...crewAssignment, status: "declined" }, [await signed("booking")], ownerEmail), client: null },
    { name: "ledger not opened: owner", mail: ledgerNotOpenedMail(booking, "Error: the ledger is unavailable", [await signed("booking")], ownerEmail), client: null },
  ];
}

/** The builders `everyMail` calls, by module: every exported function named `…Mail` or `…Mails`. */
const covered: Record<string, [module: object, builders: string[]]> = {
  "app/agenda/morning.server.ts": [morningModule, ["morningMail"]],
  "app/bookings/mails/autopay-mails.server.ts": [autopayMailsModule, ["autopayStoppedByBankMail", "instalmentFailedMails"]],
  "app/bookings/mails/change-mails.server.ts": [changeMailsModule, ["cancelledMails", "movedMails", "owedBackMail", "refundFailedMail", "refundMail"]],
  "app/bookings/mails/client-mails.server.ts": [clientMailsModule, ["acceptanceMails", "bookingLinkMail", "detailsMail"]],
  "app/bookings/mails/extras-mails.server.ts": [extrasMailsModule, ["extrasChangedMails"]],
  "app/bookings/mails/ledger-mails.server.ts": [ledgerMailsModule, ["ledgerNotOpenedMail"]],
  "app/bookings/mails/mails.server.ts": [bookingMailsModule, ["bookingMails", "paymentMails", "receiptWithdrawnMail", "restoredMail", "statusMails"]],
  "app/bookings/mails/photos-mails.server.ts": [photosMailsModule, ["photosMail"]],
  "app/bookings/mails/proof-mails.server.ts": [proofMailsModule, ["proofAnswerMail", "proofReadyMail"]],
  "app/reminders/mails.server.ts": [reminderMailsModule, ["reminderMails"]],
  "app/quotes/mails.server.ts": [quoteMailsModule, ["followUpMail", "quoteMails"]],
  "app/requests/mails.server.ts": [requestMailsModule, ["contactMails"]],
  "app/crew/mails.server.ts": [crewMailsModule, ["answerOwnerMail", "assignedMail", "changedMail", "freshLinkMail", "offEventOwnerMail"]],
};

const root = fileURLToPath(new URL("../../", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const file = `${dir}/${name}`;
    return statSync(path.join(root, file)).isDirectory() ? sourceFiles(file) : /\.tsx?$/.test(name) ? [file] : [];
  });
}

const carriesOwnerLink = (mail: Mail) => /\/owner\//.test(mail.text) || /\/owner\//.test(mail.html);

describe("every kind of e-mail", () => {
  it("is built here: every module outside app/mail/ that writes letters, and every builder in it", () => {
    const writers = sourceFiles("app").filter((file) => !file.startsWith("app/mail/") && /\b(toOwner|toOwnerAlone|toClient|letterPair)\(/.test(readFileSync(path.join(root, file), "utf8")));
    expect(writers.sort()).toEqual(Object.keys(covered).sort());
    for (const [module, names] of Object.values(covered)) {
      const builders = Object.entries(module).filter(([name, value]) => typeof value === "function" && /Mails?$/.test(name));
      expect(builders.map(([name]) => name).sort()).toEqual(names);
    }
  });

  it("to the owner with an owner link has no Reply-To to the client and offers to write to them; one with none still answers the client", async () => {
    const toOwner = (await everyMail()).filter(({ mail }) => mail.to.email === ownerEmail);
    const withPower = toOwner.filter(({ mail }) => carriesOwnerLink(mail));
    expect(withPower.map(({ name }) => name)).toEqual([
      "quote: owner",
      "booking: owner",
      "status confirmed: confirmed-owner",
      "payment owed back: owner",
      "details: owner",
      "cancelled: owner",
      "owed back: owner",
      "refund failed: owner",
      "add-ons: owner",
      "instalment failed: owner",
      "proof answered: owner",
      "reminder overdue: reminder-overdue-owner",
      "morning",
      "crew off: owner",
      "crew let go: owner",
      "crew accepted: owner",
      "crew declined: owner",
      "ledger not opened: owner",
    ]);
    for (const { name, mail, client: to } of withPower) {
      expect(mail.replyTo, name).toEqual({ email: ownerEmail, name: expect.any(String) });
      expect(mail.text, name).not.toContain("Reply to this e-mail to answer");
      if (!to) continue;
      expect(mail.text, name).toContain(`Write to ${to.name}: mailto:${to.email}`);
      expect(mail.html, name).toContain(`<a href="mailto:${to.email}">Write to ${to.name}</a>`);
    }
    for (const { name, mail } of toOwner.filter(({ mail }) => !carriesOwnerLink(mail))) {
      expect(mail.replyTo, name).toEqual(client);
      expect(mail.text, name).not.toContain("mailto:");
    }
  });

  it("to the client never carries an owner link, nor a display name typed into a form", async () => {
    const toClients = (await everyMail()).filter(({ mail }) => mail.to.email !== ownerEmail);
    expect(toClients.length).toBeGreaterThan(15);
    for (const { name, mail } of toClients) {
      expect(mail.to, name).toEqual({ email: name.startsWith("crew") ? attendant.email : client.email });
      expect(mail.replyTo.email, name).toBe(ownerEmail);
      expect(carriesOwnerLink(mail), name).toBe(false);
    }
  });

  it("to an address nobody has proved carries nothing typed into the form: the booking e-mail has no name, location or notes", async () => {
    const typed = "WIN $500 NOW visit spam.example";
    const unproved: BookingRecord = { ...booking, status: "requested", fullName: typed, eventLocation: `${typed} hall`, message: `Claim it at https://spam.example/${"x".repeat(50)}`, addressProof: { sha256: "0".repeat(64) } };
    const { owner, visitor } = bookingMails(unproved, { ...urls, proving: `${page}&proof=p`, ownerActions: [] }, parties);
    for (const part of [visitor.subject, visitor.text, visitor.html, JSON.stringify(visitor.to)]) expect(part).not.toMatch(/spam\.example|WIN \$500/);
    expect(visitor.text).toContain("Hello,");
    expect(visitor.text).toContain("Venue in: Werribee 3030");
    // The owner reads all of it: they know whom they are dealing with.
    expect(owner.text).toContain(typed);
    expect(owner.text).toContain("https://spam.example/");
    // Every other letter to that address opens plainly too until the address is proved.
    expect(bookingLinkMail(unproved, page, parties).text).not.toContain(typed);
    expect(statusMails(unproved, "declined", { ...urls, ownerActions: [] }, parties).declined!.text).not.toContain(typed);
    expect(bookingLinkMail(booking, page, parties).text).toContain(`Hi ${client.name},`);
  });

  it("cannot be written to a client with an owner link in it", async () => {
    const cancel = await signed("cancel");
    const letter = { subject: "Your booking", greeting: "Hi", paragraphs: [], rows: [] };
    expect(() => toClient({ client, ownerEmail }, { ...letter, actions: [cancel] })).toThrow(/carries an owner link/);
    expect(() => toClient({ client, ownerEmail }, { ...letter, links: [cancel] })).toThrow(/carries an owner link/);
    // Written any way the router still takes for the owner's: another case, percent-encoded, the home itself.
    for (const url of [cancel.url.replace("/owner/", "/Owner/"), cancel.url.replace("/owner/", "/%6Fwner/"), `${config.SITE_ORIGIN}/owner?token=abc`]) {
      expect(() => toClient({ client, ownerEmail }, { ...letter, links: [{ label: "Open", url }] }), url).toThrow(/carries an owner link/);
    }
  });
});
