import { describe, expect, it } from "vitest";
import { billedByDocuments, billingDocuments, lineGstCents, type Documented } from "~/bookings/invoice/billing-documents";
import type { ExtrasChange } from "~/bookings/record/booking";

// A $535 Open Booth, 3 hours, booked on 1 March 2027 for 4 September 2027 (GST one eleventh of each line).
const receivedAt = "2027-03-01T01:00:00.000Z";
const at = (day: string) => `${day}T02:00:00.000Z`; // midday in Melbourne
const booked: Documented = {
  invoiceNumber: "PB-20270301-101",
  issuedOn: "2027-03-01",
  receivedAt,
  eventDate: "2027-09-04",
  status: "confirmed",
  history: [
    { status: "requested", at: receivedAt, by: "client" },
    { status: "confirmed", at: at("2027-03-02"), by: "client" },
  ],
  totalCents: 53_500,
  priceLines: [{ kind: "booth", label: "Open Booth, 3 Hours", cents: 53_500 }],
  boothType: "Open Booth",
  packageDuration: "3 Hours",
  service: "Photobooth",
  price: 535,
  travel: { locality: "Werribee", postcode: "3030", distanceKm: 8, travelFee: 0, freeDelivery: true, bookable: true },
  travelFee: 0,
};
const audioGuestBook: ExtrasChange = { from: { extraHours: 0, addOns: [], backdrop: null }, to: { extraHours: 0, addOns: ["audio-guest-book"], backdrop: null }, at: at("2027-04-10"), differenceCents: 14_900 };
const withAudio: Documented = {
  ...booked,
  totalCents: 68_400,
  issuedLines: booked.priceLines,
  priceLines: [...booked.priceLines!, { kind: "add-on", label: "Audio guest book", cents: 14_900 }],
  extrasChanges: [audioGuestBook],
};
const summary = (documents: ReturnType<typeof billingDocuments>) => documents.map((document) => [document.number, document.issuedOn, document.totalCents, document.gstCents]);

describe("a booking's billing documents", () => {
  it("is the tax invoice alone until something billed changes, its GST one eleventh of each line", () => {
    const [invoice, ...later] = billingDocuments(booked);
    expect(later).toEqual([]);
    expect(invoice).toMatchObject({ kind: "invoice", number: "PB-20270301-101", issuedOn: "2027-03-01", dueOn: "2027-08-21", totalCents: 53_500, gstCents: 4_864 });
    expect(invoice!.lines.map((line) => [line.label, line.cents])).toEqual([
      ["Open Booth hire, 3 Hours (Photobooth)", 53_500],
      ["Werribee 3030 is 8 km from Tarneit: free delivery", 0],
    ]);
  });

  it("keeps the invoice as issued when an add-on is added, and bills the add-on on a supplementary tax invoice dated the change", () => {
    const documents = billingDocuments(withAudio);
    expect(summary(documents)).toEqual([
      ["PB-20270301-101", "2027-03-01", 53_500, 4_864],
      // $149 / 11 = $13.545..., to the cent $13.55.
      ["PB-20270301-101-A1", "2027-04-10", 14_900, 1_355],
    ]);
    expect(documents[1]).toMatchObject({ kind: "supplementary", dueOn: "2027-08-21" });
    expect(billedByDocuments(documents)).toEqual({ cents: 68_400, gstCents: 6_219 });
  });

  it("takes an add-on removed off on an adjustment note, numbered apart from the supplementary invoices", () => {
    const removed: ExtrasChange = { from: audioGuestBook.to, to: audioGuestBook.from, at: at("2027-05-01"), differenceCents: -14_900 };
    const documents = billingDocuments({ ...withAudio, totalCents: 53_500, priceLines: booked.priceLines, extrasChanges: [audioGuestBook, removed] });
    expect(summary(documents)).toEqual([
      ["PB-20270301-101", "2027-03-01", 53_500, 4_864],
      ["PB-20270301-101-A1", "2027-04-10", 14_900, 1_355],
      ["PB-20270301-101-CN1", "2027-05-01", 14_900, 1_355],
    ]);
    expect(billedByDocuments(documents)).toEqual({ cents: 53_500, gstCents: 4_864 });
  });

  it("takes off what a cancellation does not bill: half of $535 is $267.50, so the note is for the other $267.50", () => {
    const cancelledAt = at("2027-08-10");
    const cancelled: Documented = {
      ...booked,
      status: "cancelled",
      history: [...booked.history, { status: "cancelled", at: cancelledAt, by: "client" }],
      cancellation: { by: "client", at: cancelledAt, stage: "half", daysBefore: 25, paidCents: 16_100, feeCents: 26_750, keptCents: 16_100, refundCents: 0, owedCents: 10_650 },
    };
    const documents = billingDocuments(cancelled);
    expect(summary(documents)).toEqual([
      ["PB-20270301-101", "2027-03-01", 53_500, 4_864],
      // $267.50 / 11 = $24.318..., $24.32: the invoice's $48.64 less it leaves $24.32, the fee's own eleventh.
      ["PB-20270301-101-CN1", "2027-08-10", 26_750, 2_432],
    ]);
    expect(billedByDocuments(documents)).toEqual({ cents: 26_750, gstCents: 2_432 });
  });

  it("keeps the note of a fee worked out again and adds one for the change: $267.50 kept, then $161 once a payment was voided", () => {
    const cancelledAt = at("2027-06-01");
    const documents = billingDocuments({
      ...booked,
      status: "cancelled",
      history: [...booked.history, { status: "cancelled", at: cancelledAt, by: "client" }],
      cancellation: { by: "client", at: cancelledAt, stage: "deposit", daysBefore: 95, paidCents: 16_100, feeCents: 16_100, keptCents: 16_100, refundCents: 0, owedCents: 0, earlier: [{ feeCents: 26_750, until: at("2027-07-03") }] },
    });
    expect(summary(documents)).toEqual([
      ["PB-20270301-101", "2027-03-01", 53_500, 4_864],
      ["PB-20270301-101-CN1", "2027-06-01", 26_750, 2_432],
      ["PB-20270301-101-CN2", "2027-07-03", 10_650, 968],
    ]);
    expect(billedByDocuments(documents).cents).toBe(16_100);
  });

  it("takes the whole invoice off a declined or lapsed booking, dated the day it happened", () => {
    for (const status of ["declined", "expired"] as const) {
      const documents = billingDocuments({ ...booked, status, history: [booked.history[0]!, { status, at: at("2027-03-09"), by: status === "declined" ? "owner" : "schedule" }] });
      expect(summary(documents)).toEqual([
        ["PB-20270301-101", "2027-03-01", 53_500, 4_864],
        ["PB-20270301-101-CN1", "2027-03-09", 53_500, 4_864],
      ]);
      expect(billedByDocuments(documents)).toEqual({ cents: 0, gstCents: 0 });
    }
  });

  it("keeps the history's order when a change is stamped before the one it follows, so what is billed ends as the status says", () => {
    // Completed by a run dated the morning after the event, then lapsed when its payment was voided by a clock that read earlier.
    const history = [booked.history[0]!, { status: "completed" as const, at: at("2027-09-05"), by: "schedule" as const }, { status: "expired" as const, at: at("2027-09-01"), by: "owner" as const }];
    const documents = billingDocuments({ ...booked, status: "expired", history });
    expect(summary(documents)).toEqual([
      ["PB-20270301-101", "2027-03-01", 53_500, 4_864],
      ["PB-20270301-101-CN1", "2027-09-05", 53_500, 4_864],
    ]);
  });

  it("works GST out line by line, a discount taking back its own eleventh, as Xero does", () => {
    // $580 booth less a 10% code ($58): $52.73 less $5.27 is $47.46, where the total's eleventh ($522 / 11) is $47.45.
    const [invoice] = billingDocuments({
      ...booked,
      totalCents: 52_200,
      priceLines: [
        { kind: "booth", label: "Glam Booth, 3 Hours", cents: 58_000 },
        { kind: "promo", label: "Code WINTER10 (10% off)", cents: -5_800 },
      ],
    });
    expect(invoice!.lines.map((line) => line.gstCents)).toEqual([5_273, -527, 0]);
    expect(invoice).toMatchObject({ totalCents: 52_200, gstCents: 4_746 });
  });

  it("prints each document with the words and terms it was issued with, whatever the catalogue and settings say later", () => {
    // Issued when travel was $1.00 a km and the balance fell due 21 days out; the album since taken out of the catalogue.
    const issuedWith = { travelLabel: "Werribee 3030 is 8 km from Tarneit: travel $3.00 (3 km beyond 5 km at $1.00 per km)", balanceDueDaysBeforeEvent: 21 };
    const album = { ...audioGuestBook, to: { ...audioGuestBook.to, addOns: ["photo-album"] }, toWords: "Photo album (leather, 20 pages)" } as unknown as ExtrasChange;
    const [invoice, supplementary] = billingDocuments({ ...withAudio, issuedWith, extrasChanges: [album] });
    expect(invoice!.lines.at(-1)!.label).toBe(issuedWith.travelLabel);
    expect(invoice!.dueOn).toBe("2027-08-14");
    expect(supplementary).toMatchObject({ dueOn: "2027-08-14", lines: [{ label: "Add-ons changed to Photo album (leather, 20 pages)", cents: 14_900 }] });
  });

  it("reads a change stored before its words were kept, to an add-on the catalogue has dropped since, naming it by its id", () => {
    const album = { ...audioGuestBook, to: { ...audioGuestBook.to, addOns: ["photo-album"] } } as unknown as ExtrasChange;
    expect(billingDocuments({ ...withAudio, extrasChanges: [album] })[1]!.lines[0]!.label).toBe("Add-ons changed to photo-album");
    expect(billingDocuments(withAudio)[1]!.lines[0]!.label).toBe("Add-ons changed to Audio guest book");
  });

  it("bills a booking changed before the invoice's lines were kept what it was issued for, as one line less the changes", () => {
    const { issuedLines: _kept, ...older } = withAudio;
    const documents = billingDocuments(older);
    expect(summary(documents)).toEqual([
      ["PB-20270301-101", "2027-03-01", 53_500, 4_864],
      ["PB-20270301-101-A1", "2027-04-10", 14_900, 1_355],
    ]);
  });
});

describe("each later document's GST is the GST billed before less the GST billed after (issue 57)", () => {
  const declined = (booking: Documented): Documented => ({ ...booking, status: "declined", history: [booking.history[0]!, { status: "declined", at: at("2027-05-09"), by: "owner" }] });
  const withAudioOnTheInvoice: Documented = {
    ...booked,
    totalCents: 68_400,
    priceLines: [...booked.priceLines!, { kind: "add-on", label: "Audio guest book", cents: 14_900 }],
  };

  it("credits each issued line's GST on a full reversal: $48.64 + $13.55 billed, $62.19 taken off, $0.00 of GST left", () => {
    const documents = billingDocuments(declined(withAudioOnTheInvoice));
    expect(summary(documents)).toEqual([
      ["PB-20270301-101", "2027-03-01", 68_400, 6_219],
      ["PB-20270301-101-CN1", "2027-05-09", 68_400, 6_219],
    ]);
    expect(documents[1]!.lines.map((line) => [line.cents, line.gstCents])).toEqual([
      [53_500, 4_864],
      [14_900, 1_355],
    ]);
    expect(billedByDocuments(documents)).toEqual({ cents: 0, gstCents: 0 });
  });

  it("keeps the fee's own eleventh: $522 with a code, cancelled at the deposit stage for $157, keeps $14.27 of GST", () => {
    const cancelledAt = at("2027-04-01");
    const documents = billingDocuments({
      ...booked,
      totalCents: 52_200,
      priceLines: [
        { kind: "booth", label: "Glam Booth, 3 Hours", cents: 58_000 },
        { kind: "promo", label: "Code WINTER10 (10% off)", cents: -5_800 },
      ],
      status: "cancelled",
      history: [...booked.history, { status: "cancelled", at: cancelledAt, by: "client" }],
      cancellation: { by: "client", at: cancelledAt, stage: "deposit", daysBefore: 156, paidCents: 15_700, feeCents: 15_700, keptCents: 15_700, refundCents: 0, owedCents: 0 },
    });
    // $52.73 less $5.27 is $47.46 on the invoice; $157 / 11 is $14.27, so the note takes off $33.19.
    expect(summary(documents)).toEqual([
      ["PB-20270301-101", "2027-03-01", 52_200, 4_746],
      ["PB-20270301-101-CN1", "2027-04-01", 36_500, 3_319],
    ]);
    // Line by line, as Xero works it out: each line's own eleventh adds up to the note's GST.
    expect(documents[1]!.lines.reduce((sum, line) => sum + lineGstCents(line.cents), 0)).toBe(3_319);
    expect(billedByDocuments(documents)).toEqual({ cents: 15_700, gstCents: 1_427 });
  });

  it("works a fee worked out again from the fee before it: $267.50 then $161 bills $14.64 of GST", () => {
    const cancelledAt = at("2027-06-01");
    const documents = billingDocuments({
      ...booked,
      status: "cancelled",
      history: [...booked.history, { status: "cancelled", at: cancelledAt, by: "client" }],
      cancellation: { by: "client", at: cancelledAt, stage: "deposit", daysBefore: 95, paidCents: 16_100, feeCents: 16_100, keptCents: 16_100, refundCents: 0, owedCents: 0, earlier: [{ feeCents: 26_750, until: at("2027-07-03") }] },
    });
    expect(billedByDocuments(documents)).toEqual({ cents: 16_100, gstCents: 1_464 });
    for (const document of documents) expect(document.lines.reduce((sum, line) => sum + lineGstCents(line.cents), 0), document.number).toBe(document.gstCents);
  });

  it("writes one credit note per document it reverses, none beyond what is left of it: 101-CN1 against 101, 101-CN2 against 101-A1", () => {
    const cancelledAt = at("2027-05-09");
    const documents = billingDocuments({
      ...withAudio,
      status: "cancelled",
      history: [...booked.history, { status: "cancelled", at: cancelledAt, by: "owner" }],
      cancellation: { by: "owner", at: cancelledAt, stage: "by-owner", daysBefore: 118, paidCents: 0, feeCents: 0, keptCents: 0, refundCents: 0, owedCents: 0 },
    });
    expect(documents.map((document) => [document.number, document.totalCents, document.gstCents, document.adjusts?.number])).toEqual([
      ["PB-20270301-101", 53_500, 4_864, undefined],
      ["PB-20270301-101-A1", 14_900, 1_355, undefined],
      ["PB-20270301-101-CN1", 53_500, 4_864, "PB-20270301-101"],
      ["PB-20270301-101-CN2", 14_900, 1_355, "PB-20270301-101-A1"],
    ]);
    expect(billedByDocuments(documents)).toEqual({ cents: 0, gstCents: 0 });
  });

  it("takes an add-on removed off the document that billed it last", () => {
    const removed: ExtrasChange = { from: audioGuestBook.to, to: audioGuestBook.from, at: at("2027-05-01"), differenceCents: -14_900 };
    const documents = billingDocuments({ ...withAudio, totalCents: 53_500, priceLines: booked.priceLines, extrasChanges: [audioGuestBook, removed] });
    expect(documents[2]).toMatchObject({ number: "PB-20270301-101-CN1", totalCents: 14_900, adjusts: { kind: "supplementary", number: "PB-20270301-101-A1" } });
  });

  it("says what is supplied on the supplementary invoice of a booking put back after a lapse", () => {
    const documents = billingDocuments({
      ...withAudio,
      status: "confirmed",
      history: [...booked.history, { status: "expired", at: at("2027-05-09"), by: "schedule" }, { status: "confirmed", at: at("2027-05-10"), by: "owner" }],
    });
    expect(summary(documents).slice(2)).toEqual([
      ["PB-20270301-101-CN1", "2027-05-09", 53_500, 4_864],
      ["PB-20270301-101-CN2", "2027-05-09", 14_900, 1_355],
      ["PB-20270301-101-A2", "2027-05-10", 68_400, 6_219],
    ]);
    expect(documents[4]!.reason).toBe("Booking restored");
    expect(documents[4]!.lines.map((line) => [line.label, line.cents])).toEqual([
      ["Open Booth hire, 3 Hours (Photobooth)", 53_500],
      ["Add-ons changed to Audio guest book", 14_900],
    ]);
  });
});
