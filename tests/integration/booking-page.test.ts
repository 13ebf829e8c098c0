import { describe, expect, it } from "vitest";
import type { BookingRecord } from "~/bookings/record/booking";
import { policy } from "~/business";
import { formatDateInWords } from "~/utils/date-words";
import { isoDate, melbourneDate, addDays } from "~/utils/melbourne-time";
import { eventDate } from "../support/event-dates";
import { bookingIn } from "../support/form-data";
import { ownerLink } from "../support/links";
import { bookThrough, indexed, postMultipart, termsShown, type Booked } from "./booking";
import { getJson, newKeys, postForm, postJson, settledMailsOf, summaryOf } from "./forms-support";
import { workerForFile, testVars } from "./worker";

const worker = workerForFile({ vars: { RATE_LIMIT_MAX: "1000" } });

const book = (index: number, fields: Record<string, string> = {}) => bookThrough(worker, { ...bookingIn("bookingPage", index), email: `page${index}@example.com`, ...fields });

const record = (booked: Booked) => getJson<BookingRecord>(worker, booked.recordKey);

const post = (path: string, form: FormData, headers: Record<string, string> = {}) => postMultipart(worker, path, form, headers);

/** The JSON endpoint of the page's acceptance. */
const acceptEndpoint = (booked: Booked) => `/invoice/${booked.invoiceNumber}/accept?key=${booked.secret}`;

/** The accept form as the page's browser posts it: the box ticked, the name, and the hash of the terms it showed. */
function acceptForm(name: string, termsSha256: string): FormData {
  const form = new FormData();
  form.set("intent", "accept");
  form.set("accept", "on");
  form.set("signature", name);
  form.set("termsSha256", termsSha256);
  return form;
}

const details = {
  startTime: "18:30",
  venueAddress: "12 Station Place, Werribee VIC 3030",
  contactName: "Nguyễn Văn An",
  contactMobile: "0412 345 678",
  accessNotes: "Loading dock at the rear; park on Station Place.",
  printLine1: "Lan & Minh",
  printLine2: "13 March",
};

function detailsForm(overrides: Record<string, string> = {}, logo?: { bytes: Uint8Array; name: string; type: string }): FormData {
  const form = new FormData();
  form.set("intent", "details");
  for (const [name, value] of Object.entries({ ...details, ...overrides })) form.set(name, value);
  if (logo) form.set("logo", new Blob([logo.bytes as Uint8Array<ArrayBuffer>], { type: logo.type }), logo.name);
  return form;
}

/** The details form as a browser sends it: the fields in page order, the file, and the pressed button last. */
function detailsFormAsSent(overrides: Record<string, string>, logo: { bytes: Uint8Array; name: string; type: string }): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...details, ...overrides })) form.set(name, value);
  form.set("logo", new Blob([logo.bytes as Uint8Array<ArrayBuffer>], { type: logo.type }), logo.name);
  form.set("intent", "details");
  return form;
}

function png(bytes = 64): Uint8Array {
  const image = new Uint8Array(bytes);
  image.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return image;
}

const signer = { "CF-Connecting-IP": "203.0.113.7", "User-Agent": "Mozilla/5.0 (booking page test)" };

describe("the client's booking page", () => {
  it("opens at the invoice address, private and unindexed, saying the next step is to accept the terms", async () => {
    const booked = await book(0);
    const response = await worker.fetch(booked.page);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    const html = await response.text();
    expect(html).toContain("Accept the terms to confirm your booking");
    expect(html).toContain(`What these terms mean for booking ${booked.invoiceNumber}`);
    expect(html).toContain("I have read and accept the Terms and Conditions");
  });

  it("records an acceptance from the form once: name, time, IP, browser, version, hash and a copy, and confirms the booking", async () => {
    const booked = await book(1);
    const name = "Σοφία Παπαδοπούλου";
    const shown = await termsShown(worker, booked);
    const response = await post(booked.page, acceptForm(name, shown), signer);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`${booked.page}#terms`);

    const accepted = await record(booked);
    expect(accepted.status).toBe("confirmed");
    expect(accepted.history.at(-1)).toMatchObject({ status: "confirmed", by: "client" });
    expect(accepted.acceptance).toMatchObject({ name, ip: "203.0.113.7", userAgent: "Mozilla/5.0 (booking page test)", version: policy.termsLastUpdated });
    expect(accepted.acceptance!.sha256).toBe(shown);
    expect(Date.parse(accepted.acceptance!.at)).toBeGreaterThan(Date.now() - 60_000);

    const copy = await (await worker.r2()).get(accepted.acceptance!.copy);
    const text = await copy!.text();
    const digest = [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
    expect(digest).toBe(accepted.acceptance!.sha256);
    expect(text).toContain(`What these terms mean for booking ${booked.invoiceNumber}`);
    expect(text).toContain("Your booking is confirmed when you accept these terms on your booking page, or reply to our confirmation e-mail");

    const served = await worker.fetch(`/invoice/${booked.invoiceNumber}/terms.txt?key=${booked.secret}`);
    expect(served.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(served.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await served.text()).toBe(text);

    const page = await (await worker.fetch(booked.page)).text();
    expect(page).toContain(`Terms accepted by ${name} on`);
    expect(await summaryOf(worker, booked.recordKey)).toContain(" · confirmed · terms accepted · details missing");

    const mails = await settledMailsOf(worker, booked.recordKey);
    const client = mails.find((mail) => mail.to.email === "page1@example.com" && /is confirmed/.test(mail.subject));
    const owner = mails.find((mail) => mail.to.email === testVars.OWNER_EMAIL && /^Terms accepted/.test(mail.subject));
    expect(client?.text).toContain(accepted.acceptance!.sha256);
    expect(client?.text).toContain(`Last updated ${policy.termsLastUpdated}`);
    expect(client?.text).toContain(`/invoice/${booked.invoiceNumber}/terms.txt?key=`);
    expect(owner?.text).toContain(name);
  });

  it("changes nothing when the terms are accepted twice, and answers JSON with the first acceptance", async () => {
    const booked = await book(2);
    const termsSha256 = await termsShown(worker, booked);
    const first = await postJson(worker, acceptEndpoint(booked), { accept: true, signature: "王小明", termsSha256 }, signer);
    expect(first.status).toBe(200);
    const { acceptance } = (await first.json()) as { acceptance: { at: string } };
    const again = await postJson(worker, acceptEndpoint(booked), { accept: true, signature: "Someone Else", termsSha256 });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { acceptance: { at: string; name: string } }).acceptance).toMatchObject({ at: acceptance.at, name: "王小明" });
    expect((await record(booked)).history.filter((change) => change.status === "confirmed")).toHaveLength(1);
  });

  it("refuses an acceptance without the ticked box or the name, beside the fields, keeping what was typed", async () => {
    const booked = await book(3);
    const form = new FormData();
    form.set("intent", "accept");
    form.set("signature", "Lan Trần");
    form.set("termsSha256", await termsShown(worker, booked));
    const response = await post(booked.page, form);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please tick the box to accept the Terms and Conditions.");
    expect(html).toContain('value="Lan Trần"');
    expect((await record(booked)).acceptance).toBeUndefined();
  });

  it("refuses an acceptance of terms that changed since the page showed them, and shows the terms as they are now to accept", async () => {
    const booked = await book(16);
    const shown = await termsShown(worker, booked);
    // Moving the date changes the terms' figures (their due dates and cancellation stages).
    const newDate = eventDate("bookingPage", 20);
    expect((await postForm(worker, `/invoice/${booked.invoiceNumber}/move?key=${booked.secret}`, { newDate })).status).toBe(303);
    const current = await termsShown(worker, booked);
    expect(current).not.toBe(shown);
    const movedKey = `booking:${newDate}:${booked.invoiceNumber}`;

    const json = await postJson(worker, acceptEndpoint(booked), { accept: true, signature: "Lan Trần", termsSha256: shown });
    expect(json.status).toBe(409);
    expect(((await json.json()) as { error: string }).error).toBe("The terms have changed since this page showed them. Please read them again below, and accept them if you agree.");
    const form = await post(booked.page, acceptForm("Lan Trần", shown));
    expect(form.status).toBe(409);
    const html = await form.text();
    expect(html).toContain("The terms have changed since this page showed them.");
    expect(/<input[^>]*name="termsSha256"[^>]*>/.exec(html)?.[0]).toContain(`value="${current}"`);
    expect(html).toContain(`Cancelling from ${formatDateInWords(addDays(newDate, -13))}`);
    expect(/<input[^>]*id="accept-accept"[^>]*>/.exec(html)?.[0]).not.toContain("checked");
    expect(html).toContain('value="Lan Trần"');
    expect((await getJson<BookingRecord>(worker, movedKey)).acceptance).toBeUndefined();

    expect((await post(booked.page, acceptForm("Lan Trần", current))).status).toBe(303);
    expect((await getJson<BookingRecord>(worker, movedKey)).acceptance).toMatchObject({ name: "Lan Trần", sha256: current });
  });

  it("refuses an acceptance that does not say which terms were read", async () => {
    const booked = await book(17);
    const json = await postJson(worker, acceptEndpoint(booked), { accept: true, signature: "Lan Trần" });
    expect(json.status).toBe(400);
    expect(((await json.json()) as { fields: Record<string, string> }).fields.termsSha256).toBe("The page did not say which terms you read: please reload it and accept them again.");
    expect((await record(booked)).acceptance).toBeUndefined();
  });

  it("answers 404 to a wrong or missing key on every address of the page", async () => {
    const booked = await book(4);
    const wrong = `/invoice/${booked.invoiceNumber}?key=not-the-key`;
    expect((await worker.fetch(wrong)).status).toBe(404);
    const termsSha256 = await termsShown(worker, booked);
    expect((await post(wrong, acceptForm("Mallory", termsSha256))).status).toBe(404);
    expect((await postJson(worker, `/invoice/${booked.invoiceNumber}/accept`, { accept: true, signature: "Mallory", termsSha256 })).status).toBe(404);
    expect((await postJson(worker, `/invoice/${booked.invoiceNumber}/details?key=nope`, details)).status).toBe(404);
    expect((await worker.fetch(`/invoice/${booked.invoiceNumber}/terms.txt?key=nope`)).status).toBe(404);
    expect((await worker.fetch(`/invoice/${booked.invoiceNumber}/logo?key=nope`)).status).toBe(404);
    const forged = await ownerLink("a-different-secret-of-at-least-32-characters", booked.invoiceNumber, "logo");
    expect((await worker.fetch(forged)).status).toBe(404);
    expect((await record(booked)).acceptance).toBeUndefined();
  });

  it("saves the event's details with a PNG logo, serves the logo back privately, and e-mails the owner", async () => {
    const booked = await book(5);
    const logo = png(2048);
    const response = await post(booked.page, detailsForm({}, { bytes: logo, name: "logo.png", type: "image/png" }));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`${booked.page}#details`);

    const saved = (await record(booked)).eventDetails!;
    expect(saved).toMatchObject({ startTime: "18:30", contactName: "Nguyễn Văn An", printLines: ["Lan & Minh", "13 March"], logo: { contentType: "image/png", bytes: 2048 } });
    const served = await worker.fetch(`/invoice/${booked.invoiceNumber}/logo?key=${booked.secret}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("Content-Disposition")).toBe(`inline; filename="${booked.invoiceNumber}-logo.png"`);
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(served.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(served.headers.get("Cache-Control")).toBe("private, no-store");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(logo);

    const page = await (await worker.fetch(booked.page)).text();
    expect(page).toContain('value="12 Station Place, Werribee VIC 3030"');
    expect(page).toContain("Finishing at 9:30 pm.");

    const note = (await settledMailsOf(worker, booked.recordKey)).find((mail) => /^Event details/.test(mail.subject))!;
    expect(note.to.email).toBe(testVars.OWNER_EMAIL);
    expect(note.text).toContain("Start time: 6:30 pm");
    // The e-mail links the owner's page of the booking, which links the logo.
    const ownerPage = new URL(new RegExp(`Your page of booking ${booked.invoiceNumber}: (\\S+)`).exec(note.text)![1]!);
    const logoLink = /href="([^"]+\/logo\?sig=[^"]+)">Open the client/.exec(await (await worker.fetch(ownerPage.pathname + ownerPage.search)).text())![1]!;
    const ownerCopy = await worker.fetch(logoLink.replaceAll("&amp;", "&"));
    expect(ownerCopy.headers.get("Content-Type")).toBe("image/png");
  });

  it("e-mails the owner only what changed when the details change", async () => {
    const booked = await book(6);
    expect((await post(booked.page, detailsForm())).status).toBe(303);
    await settledMailsOf(worker, booked.recordKey);
    expect((await post(booked.page, detailsForm({ startTime: "19:15", accessNotes: "" }))).status).toBe(303);
    await expect
      .poll(async () => (await settledMailsOf(worker, booked.recordKey)).filter((mail) => /^Event details/.test(mail.subject)).length, { timeout: 20_000 })
      .toBe(2);
    const notes = (await settledMailsOf(worker, booked.recordKey)).filter((mail) => /^Event details/.test(mail.subject));
    const second = notes.find((mail) => mail.text.includes("(was: 6:30 pm)"))!;
    expect(second.text).toContain("Start time: 7:15 pm (was: 6:30 pm)");
    expect(second.text).toContain("Access and parking: — (was: Loading dock at the rear; park on Station Place.)");
    expect(second.text).not.toContain("Venue address:");
  });

  it.each([
    ["an HTML file named .png", new TextEncoder().encode("<!doctype html><script>alert(1)</script>"), "evil.png", "image/png", 400, "must be a PNG, JPEG or WebP image"],
    ["an SVG", new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), "logo.svg", "image/svg+xml", 400, "SVG included, are not accepted"],
    ["a 3 MB image", png(3 * 1024 * 1024), "huge.png", "image/png", 413, "The logo must be 2 MB or smaller."],
  ])("refuses %s with a clear message, storing nothing and keeping what was typed", async (_what, bytes, name, type, status, message) => {
    const index = { "an HTML file named .png": 7, "an SVG": 8, "a 3 MB image": 9 }[_what]!;
    const booked = await book(index);
    let response: Response | undefined;
    let html = "";
    const added = await newKeys(worker, async () => {
      response = await post(booked.page, detailsForm({ contactName: "Ελένη Γεωργίου" }, { bytes, name, type }));
      html = await response.text();
    });
    expect(response!.status).toBe(status);
    expect(html).toContain(message);
    expect(html).toContain('value="Ελένη Γεωργίου"');
    expect(html).toContain('value="12 Station Place, Werribee VIC 3030"');
    expect(added).toEqual([]);
    expect((await record(booked)).eventDetails).toBeUndefined();
  });

  // A phone photo, and one six times the limit: each is read through and refused, and the site goes on answering.
  it.each([
    [3, 14],
    [12, 15],
  ])("refuses a %i MB logo sent as a browser sends it, beside the field, keeping every field typed, and answers the next request at once", async (megabytes, index) => {
    const booked = await book(index);
    let response: Response | undefined;
    let html = "";
    const added = await newKeys(worker, async () => {
      response = await post(booked.page, detailsFormAsSent({ contactName: "Ελένη Γεωργίου" }, { bytes: png(megabytes * 1024 * 1024), name: "photo.png", type: "image/png" }));
      html = await response.text();
    });
    expect(response!.status).toBe(413);
    expect(html).toMatch(/<input id="details-logo"[^>]*aria-invalid="true"[^>]*aria-describedby="details-logo-error"/);
    expect(html).toContain('<p id="details-logo-error" class="field-error">The logo must be 2 MB or smaller.</p>');
    expect(html).not.toContain("Say what to do");
    for (const typed of ['value="18:30"', 'value="12 Station Place, Werribee VIC 3030"', 'value="Ελένη Γεωργίου"', 'value="0412 345 678"', ">Loading dock at the rear; park on Station Place.</textarea>", 'value="Lan &amp; Minh"', 'value="13 March"']) {
      expect(html).toContain(typed);
    }
    expect(added).toEqual([]);
    expect(await (await worker.r2()).get(`logos/${booked.invoiceNumber}`)).toBeNull();
    expect((await record(booked)).eventDetails).toBeUndefined();

    const next = await worker.fetch(booked.page);
    expect(next.status).toBe(200);
    expect(await next.text()).toContain("Accept the terms to confirm your booking");
  });

  it("makes the details read-only with the phone number 7 days before the event, and refuses a post then", async () => {
    const soon = addDays(isoDate(melbourneDate()), 6);
    const booked = await book(10, { eventDate: soon, boothType: "Open Booth" });
    const html = await (await worker.fetch(booked.page)).text();
    expect(html).toContain("so its details can no longer be changed online");
    expect(html).not.toContain('name="startTime"');
    const response = await post(booked.page, detailsForm());
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("less than 7 days away");
    expect((await record(booked)).eventDetails).toBeUndefined();
  });

  it.each(["declined", "cancelled"] as const)("refuses to accept the terms of a %s booking with 409", async (status) => {
    const booked = await book(status === "declined" ? 11 : 12);
    // Read while the page still offered them.
    const termsSha256 = await termsShown(worker, booked);
    if (status === "cancelled") {
      const confirm = await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, "confirm");
      expect((await worker.fetch(confirm, { method: "POST", redirect: "manual" })).status).toBe(200);
    }
    const action = status === "declined" ? "decline" : "cancel";
    const link = await ownerLink(testVars.OWNER_LINK_SECRET, booked.invoiceNumber, action);
    expect((await worker.fetch(link, { method: "POST", redirect: "manual" })).status).toBe(200);
    const json = await postJson(worker, acceptEndpoint(booked), { accept: true, signature: "Jane Citizen", termsSha256 });
    expect(json.status).toBe(409);
    expect(((await json.json()) as { error: string }).error).toContain(`This booking is ${status}`);
    const form = await post(booked.page, acceptForm("Jane Citizen", termsSha256));
    expect(form.status).toBe(409);
    expect((await record(booked)).acceptance).toBeUndefined();
  });

  it("refuses to accept the terms of an expired booking with 409", async () => {
    const booked = await book(13);
    await indexed(worker, booked);
    const termsSha256 = await termsShown(worker, booked);
    const received = Date.parse((await record(booked)).receivedAt);
    await worker.scheduled(new Date(received + 8 * 86_400_000));
    expect((await record(booked)).status).toBe("expired");
    const json = await postJson(worker, acceptEndpoint(booked), { accept: true, signature: "Jane Citizen", termsSha256 });
    expect(json.status).toBe(409);
  });
});
