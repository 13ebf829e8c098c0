import { describe, expect, it } from "vitest";
import { morningContents } from "~/agenda/morning.server";
import { nextStep } from "~/bookings/booking-page/next-step";
import { moveWindow } from "~/bookings/changes/date-move";
import { extrasChangeClosed } from "~/bookings/changes/extras-change";
import { clientChanged } from "~/bookings/changes/client-changes.server";
import { postGallery } from "~/bookings/photos.server";
import type { BookingRecord } from "~/bookings/record/booking";
import type { BookingLedger, GalleryOutcome, GalleryRequest } from "~/bookings/record/ledger-protocol";
import { galleryUrlProblem } from "~/input/gallery-url";
import { galleryPosted, galleryRefusal, isKeepsake, photosOverdue } from "~/bookings/record/photos";
import { business, reminders } from "~/business";
import { gallerySchema } from "~/input/owner-forms";

const eventDate = "2027-03-13";

function booking(overrides: Partial<BookingRecord> = {}): BookingRecord {
  return { invoiceNumber: "PB-20261124-101", fullName: "Lan Trần", status: "confirmed", totalCents: 75_400, issuedOn: "2026-11-24", eventDate, payments: [], history: [], emailDelivery: {}, ...overrides } as BookingRecord;
}

describe("the gallery's address", () => {
  it.each([
    ["https://photos.example/albums/lan-and-minh?key=abc123", null],
    ["http://photos.example/album", "Please paste the gallery's full https:// address."],
    ["javascript:alert(1)", "Please paste the gallery's full https:// address."],
    ["data:text/html,<script>alert(1)</script>", "Please paste the gallery's full https:// address."],
    ["photos.example/album", "Please paste the gallery's full https:// address."],
    ["https://lan:secret@photos.example/album", "The gallery's address must not carry a user name or password: share the album by its link instead."],
    ["https://photos.example/a b", "The gallery's address cannot contain spaces or line breaks."],
    ["https://photobooths.test/owner/booking/PB-20261124-101?sig=abc", "That is one of your own owner links, not the gallery's address."],
    // The router matches these to the owner's pages too: decoded, case-folded, slashes run together.
    ...["/Owner/booking/PB-20261124-101?sig=abc", "/OWNER/PB-20261124-101/refund?sig=abc", "/%6Fwner/booking/PB-20261124-101?sig=abc", "/%256Fwner/booking/x", "//owner/booking/x", "/owner?token=abc", "/Owner"].map(
      (path) => [`https://photobooths.test${path}`, "That is one of your own owner links, not the gallery's address."] as [string, string],
    ),
    ["https://photos.example/owners-club/album", null],
    [`https://photos.example/${"a".repeat(2000)}`, "The gallery's address is too long (at most 2000 characters)."],
    ["", "Please paste the gallery's address."],
  ])("%s: %s", (url, problem) => {
    expect(galleryUrlProblem(url)).toBe(problem);
  });

  it("is trimmed by the form's schema, which says the same", () => {
    expect(gallerySchema.safeParse({ galleryUrl: "  https://photos.example/album \n" })).toMatchObject({ success: true, data: { galleryUrl: "https://photos.example/album" } });
    const refused = gallerySchema.safeParse({ galleryUrl: "http://photos.example/album" });
    expect(refused.error?.issues[0]?.message).toBe("Please paste the gallery's full https:// address.");
    expect(gallerySchema.safeParse({}).error?.issues[0]?.message).toBe("Please paste the gallery's address.");
  });
});

describe("posting the gallery", () => {
  const at = (date: string) => `${date}T01:00:00.000Z`;

  it("is refused before the event's day and for a booking that gave its date up, and taken on the day and after", () => {
    expect(galleryRefusal(booking(), "2027-03-12")).toBe("The event is on Saturday 13 March 2027: its photos can be posted from that day.");
    expect(galleryRefusal(booking(), eventDate)).toBeNull();
    expect(galleryRefusal(booking({ status: "completed" }), "2027-03-20")).toBeNull();
    for (const status of ["cancelled", "declined", "expired"] as const) expect(galleryRefusal(booking({ status }), "2027-03-20")).toMatch(new RegExp(`^This booking is ${status}`));
  });

  it("e-mails the first link only: a new one replaces it, keeping the old, and the same one again changes nothing", () => {
    const first = galleryPosted(booking(), { url: "https://photos.example/first", at: at("2027-03-14") });
    expect(first).toMatchObject({ kind: "posted", first: true, record: { photos: { url: "https://photos.example/first", postedAt: at("2027-03-14") } } });
    if (first.kind !== "posted") return;
    const second = galleryPosted(first.record, { url: "https://photos.example/second", at: at("2027-03-15") });
    expect(second).toMatchObject({ kind: "posted", first: false, record: { photos: { url: "https://photos.example/second", earlier: [{ url: "https://photos.example/first", postedAt: at("2027-03-14") }] } } });
    if (second.kind !== "posted") return;
    expect(galleryPosted(second.record, { url: "https://photos.example/second", at: at("2027-03-16") })).toEqual({ kind: "same", record: second.record });
  });

  it("decides the day from the moment in Melbourne: the evening of the day before in UTC is already the event's day", () => {
    expect(galleryPosted(booking(), { url: "https://photos.example/a", at: "2027-03-12T14:00:00.000Z" }).kind).toBe("posted");
    expect(galleryPosted(booking(), { url: "https://photos.example/a", at: "2027-03-12T12:00:00.000Z" }).kind).toBe("refused");
  });
});

describe("the owner's page posting a gallery (postGallery)", () => {
  /** Services whose ledger answers `answer` (or throws it) and remembers what it was asked. */
  function withLedger(answer: (request: GalleryRequest) => GalleryOutcome | null) {
    const asked: GalleryRequest[] = [];
    const postGallery = async (request: GalleryRequest) => {
      asked.push(request);
      return answer(request);
    };
    const ledger = { postGallery } as unknown as BookingLedger;
    return { asked, services: { ledger, now: () => new Date("2027-03-14T01:00:00.000Z") } };
  }

  it("answers a bad address with 400 without asking the ledger, and asks it with the address trimmed and the moment", async () => {
    const { asked, services } = withLedger(({ url, at }) => galleryPosted(booking(), { url, at }));
    expect(await postGallery(services, "PB-20261124-101", "javascript:alert(1)")).toEqual({ kind: "refused", status: 400, error: "Please paste the gallery's full https:// address." });
    expect(asked).toEqual([]);
    expect(await postGallery(services, "PB-20261124-101", " https://photos.example/a ")).toMatchObject({ kind: "posted", emailed: true, booking: { photos: { url: "https://photos.example/a" } } });
    expect(asked).toEqual([{ invoiceNumber: "PB-20261124-101", url: "https://photos.example/a", at: "2027-03-14T01:00:00.000Z" }]);
  });

  it("says the ledger's refusal with 409, no such booking with 404, and a ledger it could not reach with 503", async () => {
    expect(await postGallery(withLedger(() => ({ kind: "refused", record: booking(), reason: "Not yet." })).services, "PB-20261124-101", "https://photos.example/a")).toEqual({ kind: "refused", status: 409, error: "Not yet." });
    expect(await postGallery(withLedger(() => null).services, "PB-20261124-101", "https://photos.example/a")).toMatchObject({ kind: "refused", status: 404 });
    const down = withLedger(() => {
      throw new Error("ledger down");
    });
    expect(await postGallery(down.services, "PB-20261124-101", "https://photos.example/a")).toMatchObject({ kind: "refused", status: 503 });
  });
});

describe("after the event", () => {
  it("the page is a keepsake from the day after, for a booking that kept its date, whatever the schedule has done to its status", () => {
    expect(isKeepsake(booking(), eventDate)).toBe(false);
    expect(isKeepsake(booking(), "2027-03-14")).toBe(true);
    expect(isKeepsake(booking({ status: "completed" }), "2027-03-14")).toBe(true);
    expect(isKeepsake(booking({ status: "cancelled" }), "2027-03-14")).toBe(false);
  });

  it("its next step asks only for what is still owed, and then thanks the client", () => {
    expect(nextStep(booking(), "2027-03-14")).toMatchObject({ kind: "pay", section: "payments", headline: expect.stringMatching(/still owing$/) });
    const paid = booking({ payments: [{ sessionId: "cs_1", kind: "balance", amountCents: 75_400, currency: "AUD", paidAt: "2027-02-01T00:00:00.000Z" }] });
    expect(nextStep(paid, "2027-03-14")).toEqual({ kind: "done", headline: `Thank you for having us on Saturday 13 March 2027. ${reminders.photosDelivery} Questions? Call ${business.phone.display}.` });
    expect(nextStep({ ...paid, photos: { url: "https://photos.example/a", postedAt: "2027-03-14T00:00:00.000Z" } }, "2027-03-14")).toEqual({ kind: "done", headline: "Thank you for having us on Saturday 13 March 2027: your photos are ready.", section: "photos" });
  });

  it("moving, the add-ons, cancelling and the details are closed, and the ledger refuses them", () => {
    expect(moveWindow(booking(), "2027-03-14")).toEqual({ open: false, reason: "The event has taken place, so its date can no longer be changed." });
    expect(extrasChangeClosed(booking(), "2027-03-14")).toBe("The event has taken place, so its add-ons can no longer be changed.");
    const refused = { kind: "refused", reason: "The event has taken place, so this booking can no longer be changed." };
    expect(clientChanged(booking(), { kind: "cancel", at: "2027-03-14T01:00:00.000Z" })).toMatchObject(refused);
    expect(clientChanged(booking(), { kind: "cancel", at: "2027-03-13T01:00:00.000Z" })).toMatchObject({ kind: "changed" });
    const details = { startTime: "18:30", venueAddress: "12 Station Place", contactName: "Lan", contactMobile: "0412 345 678", accessNotes: "", printLines: [], updatedAt: "2027-03-14T01:00:00.000Z" };
    expect(clientChanged(booking(), { kind: "details", details })).toMatchObject(refused);
  });
});

describe("the morning e-mail's photos", () => {
  const past = (overrides: Partial<BookingRecord>) => ({ booking: booking(overrides) });

  it("lists an event from the second day after it while no link is posted, for a booking that kept its date", () => {
    expect(photosOverdue(booking(), "2027-03-14")).toBe(false);
    expect(photosOverdue(booking(), "2027-03-15")).toBe(true);
    expect(photosOverdue(booking({ status: "completed" }), "2027-04-12")).toBe(true);
    // 30 days on the owner's links to it have stopped working: nothing can be posted any more.
    expect(photosOverdue(booking({ status: "completed" }), "2027-04-13")).toBe(false);
    expect(photosOverdue(booking({ status: "cancelled" }), "2027-03-15")).toBe(false);
    expect(photosOverdue(booking({ photos: { url: "https://photos.example/a", postedAt: "2027-03-14T00:00:00.000Z" } }), "2027-03-15")).toBe(false);

    const contents = morningContents([], [], "2027-03-15", [past({}), past({ invoiceNumber: "PB-20261124-102", photos: { url: "https://photos.example/a", postedAt: "2027-03-14T00:00:00.000Z" } })]);
    expect(contents.photos).toEqual([{ invoiceNumber: "PB-20261124-101", line: "PB-20261124-101 Lan Trần, Saturday 13 March 2027" }]);
  });
});
