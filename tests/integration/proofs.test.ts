import { describe, expect, it } from "vitest";
import type { BookingRecord } from "~/bookings/record/booking";
import { approveBy } from "~/bookings/record/proofs";
import { addDays, melbourneInstant, melbourneToday } from "~/utils/melbourne-time";
import { bookingIn, validBooking } from "../support/form-data";
import { atGenerations, ownerLink } from "../support/links";
import { bookThrough, confirmByOwner, termsShown, type Booked } from "./booking";
import { getJson, newKeys, postForm, postJson, settledMailsOf, type OutboxMail } from "./forms-support";
import { ownerProofPath, pdfFile, pngFile, postProof, uploadProofThrough } from "./proofs-support";
import { testOrigin, testVars, workerForFile } from "./worker";

const worker = workerForFile({ vars: { RATE_LIMIT_MAX: "1000" } });

const book = async (index: number, fields: Record<string, string> = {}) => {
  const booked = await bookThrough(worker, { ...bookingIn("proofs", index), email: `proofs${index}@example.com`, ...fields });
  // Held by the owner: these bookings live on unpaid past their deposit's due date.
  await confirmByOwner(worker, booked);
  const accepted = await postJson(worker, `/invoice/${booked.invoiceNumber}/accept?key=${booked.secret}`, { accept: true, signature: "Lan Trần", termsSha256: await termsShown(worker, booked) });
  expect(accepted.status).toBe(200);
  return booked;
};

const record = (booked: Booked) => getJson<BookingRecord>(worker, booked.recordKey);

/** The booking's e-mails named `proof-…` or `reminder-proof-…`, by name, once the queue is done with them. */
async function proofMails(booked: Booked): Promise<Record<string, OutboxMail[]>> {
  const mails = (await settledMailsOf(worker, booked.recordKey)).filter((mail) => /#(reminder-)?proof-/.test(mail.messageId));
  const byName: Record<string, OutboxMail[]> = {};
  for (const mail of mails) (byName[mail.messageId.split("#")[1]!] ??= []).push(mail);
  return byName;
}

const answer = (booked: Booked, fields: Record<string, string>) => postForm(worker, booked.page, fields);

async function storedProofs(booked: Booked): Promise<string[]> {
  return worker.r2Keys(`proofs/${booked.invoiceNumber}/`);
}

describe("the owner's proof upload", () => {
  it("is linked from the details e-mail, keeps every version in R2 under its own name, and shows the latest on the booking page", async () => {
    const booked = await book(1);
    const details = { startTime: "18:30", venueAddress: "12 Station Place, Werribee VIC 3030", contactName: "Nguyễn Văn An", contactMobile: "0412 345 678", accessNotes: "", printLine1: "Lan & Minh", printLine2: "" };
    expect((await postJson(worker, `/invoice/${booked.invoiceNumber}/details?key=${booked.secret}`, details)).status).toBe(200);
    const detailsMail = (await settledMailsOf(worker, booked.recordKey)).find((mail) => /^Event details/.test(mail.subject))!;
    // The e-mail links the owner's page of the booking, which links the upload page.
    const ownerPage = new URL(new RegExp(`Your page of booking ${booked.invoiceNumber}: (\\S+)`).exec(detailsMail.text)![1]!);
    const upload = /href="([^"]+\/proof\?sig=[^"]+)">Upload a print design proof/.exec(await (await worker.fetch(ownerPage.pathname + ownerPage.search)).text())![1]!;
    const link = new URL(upload.replaceAll("&amp;", "&"), testOrigin);

    const page = await worker.fetch(link.pathname + link.search);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(await page.text()).toContain("Lan &amp; Minh");

    const first = pngFile(5000);
    const uploaded = await postProof(worker, link.pathname + link.search, first, "Gold foil on the names");
    expect(uploaded.status).toBe(303);
    expect(uploaded.headers.get("Location")).toContain("uploaded=1");
    await uploadProofThrough(worker, booked.invoiceNumber, pdfFile());

    const { proofs = [] } = await record(booked);
    expect(proofs.map(({ version, contentType, note }) => ({ version, contentType, note }))).toEqual([
      { version: 1, contentType: "image/png", note: "Gold foil on the names" },
      { version: 2, contentType: "application/pdf", note: undefined },
    ]);
    expect((await storedProofs(booked)).sort()).toEqual(proofs.map((proof) => proof.key).sort());
    const r2 = await worker.r2();
    expect(new Uint8Array(await (await r2.get(proofs[0]!.key))!.arrayBuffer())).toEqual(first.bytes);

    const html = await (await worker.fetch(booked.page)).text();
    expect(html).toMatch(/Version 2, sent on \w+day \d+ \w+ \d{4}\. Please approve it or ask for changes by \w+day \d+ \w+ \d{4}\./);
    expect(html).toContain("Open the proof (PDF, version 2)");
    const served = await worker.fetch(`/invoice/${booked.invoiceNumber}/proof/1?key=${booked.secret}`);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("Cache-Control")).toBe("private, no-store");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(first.bytes);
    expect((await worker.fetch(`/invoice/${booked.invoiceNumber}/proof/1?key=nope`)).status).toBe(404);
    expect((await worker.fetch(`/invoice/${booked.invoiceNumber}/proof/3?key=${booked.secret}`)).status).toBe(404);

    const mails = await proofMails(booked);
    expect(Object.keys(mails).sort()).toEqual(["proof-1", "proof-2"]);
    expect(Object.values(mails).every((sent) => sent.length === 1 && sent[0]!.to.email === "proofs1@example.com")).toBe(true);
    expect(mails["proof-1"]![0]!.text).toContain("Gold foil on the names");
    expect(mails["proof-2"]![0]!.text).toContain(booked.page);
  });

  it("refuses an HTML file named proof.png and an 11 MB file beside the field, keeping the note, and stores nothing", async () => {
    const booked = await book(2);
    const path = await ownerProofPath(booked.invoiceNumber);
    const html = { bytes: new TextEncoder().encode("<!doctype html><script>alert(1)</script>"), name: "proof.png", type: "image/png" };
    const added = await newKeys(worker, async () => {
      const disguised = await postProof(worker, path, html, "Gold foil");
      expect(disguised.status).toBe(400);
      const page = await disguised.text();
      expect(page).toContain("The proof must be a PNG or JPEG image or a PDF");
      expect(page).toContain("Gold foil</textarea>");
      const huge = await postProof(worker, path, pngFile(11 * 1024 * 1024), "Silver foil");
      expect(huge.status).toBe(413);
      const hugePage = await huge.text();
      expect(hugePage).toContain("The proof must be 10 MB or smaller.");
      expect(hugePage).toContain("Silver foil</textarea>");
    });
    expect(added).toEqual([]);
    expect((await record(booked)).proofs).toBeUndefined();
    expect((await worker.fetch(path)).status).toBe(200);
  });

  it("answers a forged or altered link, or one of another generation, with a plain 404, and stores nothing from it", async () => {
    const booked = await book(3);
    const forged = await ownerProofPath(booked.invoiceNumber, "a-different-secret-of-at-least-32-characters");
    const refundLink = (await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "refund")).replace("/refund?", "/proof?");
    const otherGeneration = await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "proof", atGenerations({ proof: 1 }));
    for (const path of [forged, refundLink, otherGeneration, `/owner/${booked.invoiceNumber}/proof`]) {
      expect((await worker.fetch(path)).status).toBe(404);
      expect((await postProof(worker, path, pngFile())).status).toBe(404);
    }
    expect(await storedProofs(booked)).toEqual([]);
  });
});

describe("the client's answer on the booking page", () => {
  it("sends a version back with a comment, then approves the next, each recorded once and e-mailed to the owner with the upload link", async () => {
    const booked = await book(4);
    await uploadProofThrough(worker, booked.invoiceNumber);

    const empty = await answer(booked, { intent: "proof-changes", proofVersion: "1", comment: "  " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Please say what to change.");

    const comment = "Please make the names bigger & use gold, not silver.";
    const sentBack = await answer(booked, { intent: "proof-changes", proofVersion: "1", comment });
    expect(sentBack.status).toBe(303);
    expect(sentBack.headers.get("Location")).toBe(`${booked.page}#proof`);
    expect((await record(booked)).proofs?.[0]?.answer).toMatchObject({ kind: "changes", comment });
    const twice = await answer(booked, { intent: "approve-proof", proofVersion: "1", approver: "Lan Trần" });
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("You answered version 1 already");

    await uploadProofThrough(worker, booked.invoiceNumber);
    const stale = await answer(booked, { intent: "approve-proof", proofVersion: "1", approver: "Lan Trần" });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("There is a newer proof (version 2)");
    const noName = await answer(booked, { intent: "approve-proof", proofVersion: "2", approver: "" });
    expect(noName.status).toBe(400);
    expect(await noName.text()).toContain("Please enter your full name.");
    expect((await answer(booked, { intent: "approve-proof", proofVersion: "2", approver: "Lan Trần" })).status).toBe(303);

    const approved = (await record(booked)).proofs?.[1]?.answer;
    expect(approved).toMatchObject({ kind: "approved", name: "Lan Trần" });
    expect(Date.parse(approved!.at)).toBeGreaterThan(Date.now() - 60_000);
    const page = await (await worker.fetch(booked.page)).text();
    expect(page).toContain("Approved by Lan Trần on");
    expect(page).not.toContain("Approve this design");

    const mails = await proofMails(booked);
    expect(Object.keys(mails).sort()).toEqual(["proof-1", "proof-1-answer", "proof-2", "proof-2-answer"]);
    expect(Object.values(mails).every((sent) => sent.length === 1)).toBe(true);
    const [changes, approval] = [mails["proof-1-answer"]![0]!, mails["proof-2-answer"]![0]!];
    expect(changes.to.email).toBe(testVars.OWNER_EMAIL);
    expect(changes.text).toContain(comment);
    expect(changes.html).toContain("Please make the names bigger &amp; use gold");
    for (const mail of [changes, approval]) expect(mail.text).toMatch(new RegExp(`Your page of booking ${booked.invoiceNumber}: \\S+/owner/booking/${booked.invoiceNumber}\\?sig=`));
    expect(approval.subject).toMatch(/^Design approved/);
  });

  it("is no longer asked for after the approve-by date: the page says the last proof will be printed, and a late answer is refused", async () => {
    // The approve-by date (7 days before) passed two days ago.
    const booked = await book(5, { eventDate: addDays(melbourneToday(), 5), boothType: "Enclosed Booth" });
    await uploadProofThrough(worker, booked.invoiceNumber);
    const page = await (await worker.fetch(booked.page)).text();
    expect(page).toContain("so the last proof will be printed as it is");
    expect(page).not.toContain("Approve this design");
    const late = await answer(booked, { intent: "approve-proof", proofVersion: "1", approver: "Lan Trần" });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain("so the last proof will be printed as it is");
    expect((await record(booked)).proofs?.[0]?.answer).toBeUndefined();
  });
});

describe("the approve-by date's reminders", () => {
  const morningOf = (date: string) => melbourneInstant(date, "06:00");

  it("reminds the client 3 days before it and on it while a proof waits, once each, not once approved; the owner's mornings list the design with an upload link", async () => {
    const waiting = await book(6, { boothType: "Open Booth" });
    const approved = await book(6, { boothType: "Glam Booth", email: "proofs6b@example.com" });
    for (const booked of [waiting, approved]) await uploadProofThrough(worker, booked.invoiceNumber);
    expect((await answer(approved, { intent: "approve-proof", proofVersion: "1", approver: "Mai Trần" })).status).toBe(303);
    const by = approveBy(waiting.eventDate);

    await worker.scheduled(morningOf(addDays(by, -3)));
    await worker.scheduled(morningOf(addDays(by, -3)));
    await worker.scheduled(morningOf(by));
    const reminders = Object.entries(await proofMails(waiting)).filter(([name]) => name.startsWith("reminder-"));
    expect(reminders.map(([name, sent]) => [name, sent.length]).sort()).toEqual([
      [`reminder-proof-${by}-0`, 1],
      [`reminder-proof-${by}-3`, 1],
    ]);
    expect(reminders.find(([name]) => name.endsWith("-0"))![1][0]!.subject).toMatch(/^Please approve your print design today/);
    expect(Object.keys(await proofMails(approved)).filter((name) => name.startsWith("reminder-"))).toEqual([]);

    const [morning] = await settledMailsOf(worker, `agenda:${addDays(by, -3)}`);
    expect(morning!.text).toContain(`${waiting.invoiceNumber} ${validBooking.fullName}, `);
    expect(morning!.text).toMatch(new RegExp(`${waiting.invoiceNumber} [^\\n]*: waiting for the client \\(version 1\\)`));
    expect(morning!.text).toMatch(new RegExp(`Your page of booking ${waiting.invoiceNumber}: \\S+/owner/booking/${waiting.invoiceNumber}\\?`));
    expect(morning!.text).not.toContain(`Your page of booking ${approved.invoiceNumber}`);
  });
});
