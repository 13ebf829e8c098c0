#!/usr/bin/env node
/**
 * Concurrent bookings, quote requests and contact messages against the local Worker over
 * loopback HTTP, then a read-back of KV: every booking must be stored exactly once with a unique
 * invoice number, and nothing may answer 5xx. Then it waits for the e-mail queue to drain: every
 * stored request must have both its e-mails in the outbox, each exactly once. Bookings are spread
 * over dates and booths (a booking holds its booth on its date); every tenth one has a rival for
 * the same date and booth sent at the same time, and exactly one of each pair must win (the other
 * gets 409, reported apart).
 * Exits non-zero if any of that fails.
 *
 *   npm run loadtest                                   200 bookings, 100 quotes, 100 messages, 20 clients
 *   LOADTEST_BOOKINGS=40 LOADTEST_CLIENTS=8 npm run loadtest
 */
import { drive, latencySummary } from "./lib/drive.mjs";
import { buildWorker, createLocalWorker } from "./lib/local-worker.mjs";

const bookings = Number(process.env.LOADTEST_BOOKINGS ?? 200);
const clients = Number(process.env.LOADTEST_CLIENTS ?? 20);
const quotes = Math.ceil(bookings / 2);
const messages = Math.ceil(bookings / 2);
const eventDate = `${new Date().getFullYear() + 1}-03-14`;
// A year of its own, after the tests' (tests/support/event-dates.ts), so nothing else books these dates.
const bookingYear = new Date().getFullYear() + 3;
const boothTypes = ["Open Booth", "Glam Booth", "Enclosed Booth"];
const rivals = Math.ceil(bookings / 10);
/** Booking i's date: the three booths of 1 January, then of 2 January, and so on. */
const bookingDate = (i) => new Date(Date.UTC(bookingYear, 0, 1 + Math.floor(i / 3))).toISOString().slice(0, 10);
const today = new Date().toISOString().slice(0, 10).replaceAll("-", "");

buildWorker({ quiet: true });
const worker = createLocalWorker({
  vars: {
    SITE_ORIGIN: "https://load.test",
    OWNER_EMAIL: "owner@example.com",
    MAIL_FROM: "bookings@example.com",
    RATE_LIMIT_MAX: "100000",
  },
  port: 0,
  // Every e-mail goes through the queue to the outbox and the log; the report below is what matters here.
  onLog: () => undefined,
});
const base = (await worker.ready).origin;

function postJson(path, body, visitor) {
  return fetch(base + path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": `10.${visitor >> 8}.${visitor & 255}.1` },
    body: JSON.stringify(body),
  });
}

/** Booking i; `rival` names the same date and booth as booking i, under another name. */
const booking = (i, rival = false) => ({
  fullName: `Load ${rival ? "Rival" : "Booking"} ${i}`,
  email: `load${i}@example.com`,
  phoneNumber: "0491 570 110",
  eventDate: bookingDate(i),
  eventLocation: "Werribee Park Mansion",
  boothType: boothTypes[i % 3],
  packageDuration: ["2 Hours", "3 Hours", "4 Hours", "5 Hours"][i % 4],
  service: "Photobooth",
  price: 1,
  message: "",
  // Every tenth booking asks for the same number, so the allocation is raced on purpose.
  invoiceNumber: i % 10 === 0 ? `PB-${today}-500` : undefined,
});
const quote = (i) => ({
  fullName: `Load Quote ${i}`,
  email: `quote${i}@example.com`,
  phoneNumber: "0491 570 110",
  eventDate,
  eventLocation: "Point Cook",
  packageDuration: "3hrs",
  service: "Open Booth",
  message: "Load test",
});
const contact = (i) => ({ name: `Load Contact ${i}`, email: `contact${i}@example.com`, message: "Load test" });

// One mixed stream: each request is a booking, quote or message, interleaved.
const plan = [
  ...Array.from({ length: bookings }, (_, i) => ["booking", i]),
  ...Array.from({ length: rivals }, (_, i) => ["rival", i * 10]),
  ...Array.from({ length: quotes }, (_, i) => ["quote", i]),
  ...Array.from({ length: messages }, (_, i) => ["contact", i]),
].sort((a, b) => a[1] - b[1]);

const sendOne = ([kind, i], n) =>
  kind === "booking" || kind === "rival"
    ? postJson("/.netlify/functions/booking", booking(i, kind === "rival"), n)
    : postJson("/.netlify/functions/sendQuote", kind === "quote" ? quote(i) : contact(i), n);

const run = await drive({ clients, total: plan.length, send: (n) => sendOne(plan[n], n) });

const kv = worker.getKVNamespace("innerKv", "faulty-bindings");
async function listAll(prefix) {
  const keys = [];
  let cursor;
  do {
    const page = await (await kv).list({ prefix, cursor });
    keys.push(...page.keys);
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  return keys;
}

const bookingKeys = await listAll("booking:");
const requestKeys = [...bookingKeys, ...(await listAll("quote:")), ...(await listAll("contact:"))].map((key) => key.name);

/** Every stored request, read again until the queue has finished with all their e-mails (or `drainSeconds` pass). */
const drainSeconds = Number(process.env.LOADTEST_DRAIN_SECONDS ?? 600);
const settled = new Set(["sent", "outbox", "failed"]);
const drainStarted = Date.now();
let records;
for (;;) {
  records = await Promise.all(requestKeys.map(async (key) => [key, JSON.parse(await (await kv).get(key))]));
  const busy = records.some(([, record]) => Object.values(record.emailDelivery).some((delivery) => !settled.has(delivery.status)));
  if (!busy || Date.now() - drainStarted > drainSeconds * 1000) break;
  await new Promise((resolve) => setTimeout(resolve, 500));
}
const drainedInS = (Date.now() - drainStarted) / 1000;
const deliveries = records.flatMap(([, record]) => Object.values(record.emailDelivery));
const outboxCopies = (await listAll("outbox:")).reduce((counts, key) => counts.set(key.metadata.messageId, (counts.get(key.metadata.messageId) ?? 0) + 1), new Map());
const storedNames = [];
const slotCounts = new Map();
for (const [key, record] of records) {
  if (!key.startsWith("booking:")) continue;
  storedNames.push(record.fullName.replace("Rival", "Booking"));
  const slot = `${record.eventDate} ${record.boothType}`;
  slotCounts.set(slot, (slotCounts.get(slot) ?? 0) + 1);
}
const invoiceNumbers = bookingKeys.map((key) => key.name.split(":").at(-1));
const byKind = (...kinds) => run.results.filter((r) => kinds.includes(plan[r.i][0]));
const nameCounts = storedNames.reduce((counts, name) => counts.set(name, (counts.get(name) ?? 0) + 1), new Map());
const report = {
  requestsSent: run.results.length,
  seconds: Number(run.elapsedS.toFixed(1)),
  requestsPerSecond: Math.round(run.rps),
  bookings: {
    sent: bookings + rivals,
    dateAndBoothSlots: bookings,
    answered200: byKind("booking", "rival").filter((r) => r.status === 200).length,
    /** Refused because a rival held the booth first: expected, one per rival pair. */
    answered409: byKind("booking", "rival").filter((r) => r.status === 409).length,
    stored: bookingKeys.length,
    doubleHolds: [...slotCounts.values()].filter((count) => count > 1).length,
    storedMoreThanOnce: [...nameCounts.values()].filter((count) => count > 1).length,
    missing: bookings - nameCounts.size,
    duplicateInvoiceNumbers: invoiceNumbers.length - new Set(invoiceNumbers).size,
    latencyMs: latencySummary(byKind("booking", "rival").map((r) => r.ms)),
  },
  quotes: { sent: quotes, stored: (await listAll("quote:")).length, latencyMs: latencySummary(byKind("quote").map((r) => r.ms)) },
  contacts: { sent: messages, stored: (await listAll("contact:")).length, latencyMs: latencySummary(byKind("contact").map((r) => r.ms)) },
  emails: {
    queued: deliveries.length,
    sent: deliveries.filter((delivery) => delivery.status === "outbox" || delivery.status === "sent").length,
    failed: deliveries.filter((delivery) => delivery.status === "failed").length,
    stillQueued: deliveries.filter((delivery) => !settled.has(delivery.status)).length,
    retried: deliveries.filter((delivery) => delivery.attempts > 1).length,
    queueDrainedInS: Number(drainedInS.toFixed(1)),
    inOutbox: [...outboxCopies.values()].reduce((sum, count) => sum + count, 0),
    sentMoreThanOnce: [...outboxCopies.values()].filter((count) => count > 1).length,
    requestsWithoutBothEmails: records.filter(([key]) => !["owner", "visitor"].every((name) => outboxCopies.get(`${key}#${name}`) === 1)).length,
  },
  serverErrors5xx: run.results.filter((r) => r.status >= 500).length,
  otherFailures: run.results.filter((r) => r.status !== 200 && r.status !== 409 && r.status < 500).length,
  overallLatencyMs: run.latency,
};
await worker.dispose();

console.log(JSON.stringify(report, null, 2));
const problems = [
  report.bookings.stored !== bookings && `${report.bookings.stored} of ${bookings} bookings stored`,
  report.bookings.storedMoreThanOnce && `${report.bookings.storedMoreThanOnce} bookings stored more than once`,
  report.bookings.doubleHolds && `${report.bookings.doubleHolds} date and booth slots held twice`,
  report.bookings.answered409 !== rivals && `${report.bookings.answered409} bookings refused as booked out, expected ${rivals}`,
  report.bookings.missing && `${report.bookings.missing} bookings missing`,
  report.bookings.duplicateInvoiceNumbers && `${report.bookings.duplicateInvoiceNumbers} duplicate invoice numbers`,
  report.quotes.stored !== quotes && `${report.quotes.stored} of ${quotes} quotes stored`,
  report.contacts.stored !== messages && `${report.contacts.stored} of ${messages} messages stored`,
  report.emails.queued !== 2 * requestKeys.length && `${report.emails.queued} e-mails queued for ${requestKeys.length} requests`,
  report.emails.stillQueued && `${report.emails.stillQueued} e-mails still queued after ${drainSeconds} s`,
  report.emails.failed && `${report.emails.failed} e-mails failed`,
  report.emails.sentMoreThanOnce && `${report.emails.sentMoreThanOnce} e-mails sent more than once`,
  report.emails.requestsWithoutBothEmails && `${report.emails.requestsWithoutBothEmails} requests without both e-mails sent once`,
  report.serverErrors5xx && `${report.serverErrors5xx} answers were 5xx`,
  report.otherFailures && `${report.otherFailures} answers were refused`,
].filter(Boolean);
if (problems.length) {
  console.error(`loadtest failed: ${problems.join("; ")}`);
  process.exit(1);
}
console.log(
  `loadtest passed: ${bookings} bookings from ${clients} clients, each stored once with a unique invoice number; ` +
    `${rivals} rivals for a taken booth got 409; ${report.emails.inOutbox} e-mails sent once each through the queue`,
);
