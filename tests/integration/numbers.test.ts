/**
 * The owner's numbers (docs/operations.md, "Your numbers"): its own read-only token, and the
 * figures its tables read back once bookings are made and paid, by card through Stripe and by bank
 * from the owner's page of a booking.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { formatAud } from "~/pricing";
import { melbourneToday } from "~/utils/melbourne-time";
import { eventDate } from "../support/event-dates";
import { startFakeStripe, stripeVars } from "../support/fake-stripe";
import { validBooking, validQuote } from "../support/form-data";
import { atGenerations, homeToken, numbersToken, ownerLink } from "../support/links";
import { bookThrough, payThrough } from "./booking";
import { postForm } from "./forms-support";
import { startedForFile, testOrigin, testVars, workerForFile } from "./worker";

const stripe = startedForFile(() => startFakeStripe(), (fake) => fake.close());
const worker = workerForFile(() => ({ vars: { RATE_LIMIT_MAX: "1000", ...stripeVars(stripe) } }));

/** The page's address, as `npm run owner:links` prints it. */
const numbers = async () => `/owner/numbers?token=${await numbersToken(testVars.OWNER_LINK_SECRET)}`;

/** The cell of `column` (1: these 12 months) in the row of `row` of the table captioned `caption`, as text. */
function cell(html: string, caption: string, row: string, column = 1): string | undefined {
  const table = html.split(`<caption>${caption}</caption>`)[1]?.split("</table>")[0] ?? "";
  const cells = new RegExp(`<tr><th scope="row">${row}</th>(.*?)</tr>`).exec(table)?.[1] ?? "";
  return [...cells.matchAll(/<td>(.*?)<\/td>/g)].map(([, text]) => text)[column - 1];
}

/** This Melbourne month as the tables name it ("Nov 2026"). */
const thisMonth = new Intl.DateTimeFormat("en-AU", { month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(`${melbourneToday().slice(0, 7)}-01T00:00:00Z`));

describe("the owner's numbers", () => {
  it("open with their own token only, private and unindexed, linked from the owner's home", async () => {
    const page = await worker.fetch(await numbers());
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(page.headers.get("Referrer-Policy")).toBe("same-origin");
    const html = await page.text();
    expect(html).toContain("Your numbers");
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="chart-bookings-title chart-bookings-desc"/);

    const revoked = `/owner/numbers?token=${await numbersToken(testVars.OWNER_LINK_SECRET, atGenerations({ numbers: 1 }))}`;
    const homes = `/owner/numbers?token=${await homeToken(testVars.OWNER_LINK_SECRET)}`;
    for (const path of ["/owner/numbers", "/owner/numbers?token=nope", revoked, homes]) expect((await worker.fetch(path)).status, path).toBe(404);

    const home = await (await worker.fetch(`/owner?token=${await homeToken(testVars.OWNER_LINK_SECRET)}`)).text();
    const link = /<a href="([^"]+)">Your numbers<\/a>/.exec(home)?.[1]?.replaceAll("&amp;", "&");
    expect(link).toBe(`${testOrigin}${await numbers()}`);
  });

  it("read back this month's bookings and the money paid by card and by bank in their tables", async () => {
    const book = (day: number) =>
      bookThrough(worker, { ...validBooking, fullName: `Numbers ${day}`, email: `numbers${day}@example.com`, eventDate: eventDate("numbers", day), boothType: "Glam Booth", packageDuration: "4 Hours" });
    const [byCard, byBank] = [await book(1), await book(2)];
    const deposit = (await payThrough(worker, stripe, byCard)).amount_total;
    const recorded = await postForm(worker, await ownerLink(testVars.OWNER_LINK_SECRET, byBank.invoiceNumber, "booking"), {
      intent: "bank",
      attempt: crypto.randomUUID(),
      receivedOn: melbourneToday(),
      reference: byBank.invoiceNumber,
      amount: "300.00",
    });
    expect(recorded.status).toBe(303);

    const page = async () => (await worker.fetch(await numbers())).text();
    // The ledger stores each payment in the index right after it answers.
    await expect.poll(async () => cell(await page(), "Revenue paid, by payment month", thisMonth), { timeout: 20_000 }).toBe(formatAud((deposit + 30_000) / 100));
    const html = await page();
    expect(cell(html, "Bookings made", thisMonth)).toBe("2");
    // The events are years away: no revenue booked in the months shown.
    expect(cell(html, "Revenue booked, by event month", thisMonth)).toBe("$0");
  });

  it("count this month's quotes from the quote book, and the one that became a booking the same day", async () => {
    const ask = (day: number) => postForm(worker, "/quickquote", { ...validQuote, website: "", email: `quote${day}@example.com`, eventDate: eventDate("numbers", day), eventLocation: "Werribee" });
    const [first, second] = [await ask(10), await ask(11)];
    expect([first.status, second.status]).toEqual([303, 303]);
    const thankYou = new URL(first.headers.get("location")!, testOrigin);
    const booked = await postForm(worker, `/quote/${thankYou.searchParams.get("quote")}?key=${thankYou.searchParams.get("key")}`, { intent: "book" });
    expect(booked.status).toBe(303);
    // The quote is marked booked by its booking's ledger, after the answer (issue 59).
    const page = async () => (await worker.fetch(await numbers())).text();
    await expect.poll(async () => cell(await page(), "Quotes that became bookings", thisMonth), { timeout: 20_000 }).toBe("1 of 2");
    const html = await page();
    expect(cell(html, "Quotes", thisMonth)).toBe("2");
    expect(cell(html, "Quotes that became bookings", thisMonth, 2)).toBe("0 days / 0 days");
  });

  // The script reads the generations through the site, a process of its own that takes seconds.
  it("are printed by npm run owner:links", async () => {
    const env = { ...process.env, SITE_ORIGIN: testOrigin, OWNER_LINK_SECRET: testVars.OWNER_LINK_SECRET, OWNER_FEED_SECRET: testVars.OWNER_FEED_SECRET };
    const { stdout } = await promisify(execFile)("node", ["scripts/owner-links.mjs", "--site", worker.url], { env });
    const link = new URL(/Your numbers[^:]*: (https:\/\/\S+)/.exec(stdout)![1]!);
    expect(link.pathname).toBe("/owner/numbers");
    expect(await (await worker.fetch(link.pathname + link.search)).text()).toContain("Revenue paid, by payment month");
  }, 90_000);
});
