/**
 * Years of bookings written straight into storage (KV and the index of bookings), not through
 * HTTP, so the scale test and `npm run bench:scale` can fill a site with thousands in seconds. The
 * records look like the site's own: past events paid and confirmed (one in twenty cancelled),
 * events to come confirmed with their deposit paid, and a few requests made in the last days.
 */
const day = 86_400_000;
const iso = (time) => new Date(time).toISOString().slice(0, 10);
const boothTypes = ["Open Booth", "Glam Booth", "Enclosed Booth"];

/** Booking `i` of `count`, its event `offsetDays` from `today` (a date), as the ledger stores it. */
export function seededBooking(i, offsetDays, today) {
  const todayTime = Date.parse(`${today}T00:00:00Z`);
  const eventDate = iso(todayTime + offsetDays * day);
  const past = offsetDays < 0;
  const requested = !past && i % 97 === 0;
  const issuedTime = requested ? todayTime - (i % 5) * day : todayTime + (offsetDays - 60) * day;
  const issuedOn = iso(issuedTime);
  const receivedAt = new Date(issuedTime + 2 * 3_600_000).toISOString();
  const invoiceNumber = `PB-${issuedOn.replaceAll("-", "")}-${100 + (i % 900)}`;
  const cancelled = past && i % 20 === 0;
  const status = requested ? "requested" : cancelled ? "cancelled" : "confirmed";
  const history = [{ status: "requested", at: receivedAt, by: "client" }, ...(requested ? [] : [{ status, at: new Date(issuedTime + day).toISOString(), by: "owner" }])];
  const paid = (cents, kind, at) => ({ sessionId: `cs_seed_${i}_${kind}`, kind, amountCents: cents, currency: "AUD", paidAt: new Date(at).toISOString(), paymentIntent: `pi_seed_${i}_${kind}` });
  const payments = requested ? [] : past ? [paid(16_200, "deposit", issuedTime + 2 * day), paid(37_300, "balance", issuedTime + 40 * day)] : [paid(16_200, "deposit", issuedTime + 2 * day)];
  const booking = {
    kind: "booking",
    invoiceNumber,
    invoiceSecret: `seed-secret-${i}`,
    invoicePdf: `${invoiceNumber}.pdf`,
    status,
    history,
    fullName: ["Nguyễn Thị Hoa", "王小明", "Ελένη Παπαδοπούλου", "Jane Citizen"][i % 4],
    email: `seed${i}@example.com`,
    phoneNumber: "0491 570 110",
    eventDate,
    eventLocation: "Werribee Park Mansion",
    boothType: boothTypes[i % 3],
    packageDuration: "3 Hours",
    service: "Photobooth",
    message: "",
    price: 535,
    currency: "AUD",
    receivedAt,
    issuedOn,
    holdId: `hold-seed-${i}`,
    travel: null,
    travelFee: 0,
    totalCents: 53_500,
    payments,
    emailDelivery: {},
    ...(cancelled ? { cancellation: { by: "client", at: history.at(-1).at, stage: "deposit", daysBefore: 40, paidCents: 53_500, feeCents: 16_200, keptCents: 16_200, refundCents: 37_300, owedCents: 0 }, refunds: [{ id: `bank-seed-${i}`, amountCents: 37_300, method: "bank", at: new Date(issuedTime + 45 * day).toISOString() }] } : {}),
  };
  return booking;
}

/**
 * Writes `count` bookings: `current` of them in the year around `today` (what the feed, the morning
 * and the reminders show) and the rest spread over the ten years before it (what was ever stored).
 * `indexRow` is the app's own (app/bookings/by-date/booking-index.ts).
 */
export async function seedBookings({ kv, index, indexRow, count, current = Math.min(count, 100), today }) {
  const bookings = [];
  for (let i = 0; i < count; i++) {
    // The current ones from 300 days ago to 60 days ahead; the others from ten years ago to a year ago.
    const offset = i < current ? -300 + Math.floor((i * 360) / current) : -3650 + Math.floor(((i - current) * (3650 - 366)) / Math.max(count - current, 1));
    bookings.push(seededBooking(i, offset, today));
  }
  await storeBookings({ kv, index, indexRow, bookings });
  return bookings;
}

/** Writes `bookings` (records as the ledger stores them) to KV and the index, as the site would have. */
export async function storeBookings({ kv, index, indexRow, bookings }) {
  const batch = 50;
  for (let start = 0; start < bookings.length; start += batch) {
    await Promise.all(
      bookings.slice(start, start + batch).map((booking) =>
        kv.put(`booking:${booking.eventDate}:${booking.invoiceNumber}`, JSON.stringify(booking), { metadata: { summary: booking.fullName, status: booking.status, receivedAt: booking.receivedAt, notes: "" } }),
      ),
    );
    await Promise.all(bookings.slice(start, start + batch).map((booking) => kv.put(`invoice:${booking.invoiceNumber}`, JSON.stringify({ eventDate: booking.eventDate }))));
  }
  const stub = index.get(index.idFromName("all"));
  for (let start = 0; start < bookings.length; start += 500) {
    const rows = bookings.slice(start, start + 500).map((booking) => indexRow({ booking, notes: "" }));
    const response = await stub.fetch("https://booking-index/put", { method: "POST", body: JSON.stringify(rows) });
    if (!response.ok) throw new Error(`The index refused the seed: ${response.status}`);
  }
}
