/**
 * A quote on a phone, as a visitor meets it (docs/product-decisions.md, "Quotes"): the form, the
 * thank-you page with the quote's link, the quote page, "Book this quote", the booking page: the
 * same total on all three and in the quote e-mail, with JavaScript and without; the quote page once
 * booked (it e-mails the booking's link, never shows it), and a quote's page for a date booked since. Its first tap, with the scripts held back,
 * books too (a plain form post). The owner's view of a quote, the unsubscribe page and the owner's
 * numbers on the same phone. axe checks every page state (fixtures.ts).
 */
import { devices, type Page } from "@playwright/test";
import { eventDate } from "../support/event-dates";
import { sentMails } from "../support/fake-mailchannels";
import { firstGenerations, numbersToken } from "../support/links";
import { ownerQuoteUrl, unsubscribeUrl } from "../../app/quotes/addresses.server";
import { expect, holdScripts, test, visit } from "./fixtures";
import { fillQuote, quoteForm } from "./form-filling";

const { defaultBrowserType: _browser, ...phone } = devices["Pixel 7"];
test.use({ ...phone });
test.describe.configure({ timeout: 60_000 });

const scriptsOn = () => test.info().project.name === "js";

/** Asks for a quote from /quickquote for the audio guest book as well, and lands on the thank-you page. */
async function askQuote(page: Page, day: number, email: string) {
  await visit(page, "/quickquote");
  const form = quoteForm(page);
  await fillQuote(form, { name: "Nguyễn Thị Hương", email, date: eventDate("quotes", day) });
  await form.getByLabel(/^Audio guest book/).check();
  await form.getByRole("button", { name: "Get my quote" }).click();
  await expect(page).toHaveURL(/\/thankyou\?quote=Q-[A-Z0-9]{8}&key=[\w-]+$/);
  await expect(page.getByText("Your request has been received.")).toBeVisible();
}

/** Opens the address the page is at again, as `visit` does: axe checks it (fixtures.ts). */
const revisit = (page: Page) => visit(page, new URL(page.url()).pathname + new URL(page.url()).search);

/** The amount in the row `label` of the table captioned `caption`. */
const amountIn = (page: Page, caption: string, label: RegExp) =>
  page.getByRole("table", { name: caption }).getByRole("row").filter({ has: page.getByRole("rowheader", { name: label }) }).getByRole("cell").innerText();

/** The quote e-mail's total, as the client reads it. */
async function mailedTotal(email: string): Promise<string> {
  let total: string | undefined;
  await expect
    .poll(async () => (total = (await sentMails(process.env.E2E_MAIL_URL!)).filter((mail) => mail.to === email).map((mail) => /Total \(AUD, GST included\): (\$[\d,.]+)/.exec(mail.text)?.[1]).find(Boolean)), { timeout: 20_000 })
    .toBeTruthy();
  return total!;
}

test("a quote, its page and Book this quote: the same total on the quote page, in its e-mail and on the booking page", async ({ page }) => {
  const email = `quote-${test.info().project.name}@example.com`;
  const day = scriptsOn() ? 22 : 23;
  await askQuote(page, day, email);
  await revisit(page);
  await page.getByRole("link", { name: "See your quote and book it" }).click();
  await expect(page).toHaveURL(/\/quote\/Q-[A-Z0-9]{8}\?key=/);
  await revisit(page);
  const quotePage = page.url();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Your quote Q-[A-Z0-9]{8}$/);
  await expect(page.getByText("Your date is free right now")).toBeVisible();
  const quoted = await amountIn(page, "Your price", /^Total/);
  expect(await amountIn(page, "Your price", /^Audio guest book$/)).toBe("$149.00");
  expect(await mailedTotal(email)).toBe(quoted);

  await page.getByRole("button", { name: "Book this quote" }).click();
  await expect(page).toHaveURL(/\/invoice\/PB-\d{8}-\d{3}\?key=/);
  await revisit(page);
  expect(await amountIn(page, "Charges and payments", /^Total \(AUD\)$/)).toBe(quoted);
  expect(await amountIn(page, "Charges and payments", /^Audio guest book$/)).toBe("$149.00");

  await visit(page, new URL(quotePage).pathname + new URL(quotePage).search);
  await expect(page.getByRole("heading", { level: 2, name: /^Booked as PB-\d{8}-\d{3}$/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Book this quote" })).toHaveCount(0);
  // The quote's key is not the booking's: the page offers to e-mail the booking's link, and links no booking page.
  await expect(page.locator('a[href*="/invoice/"]')).toHaveCount(0);
  await page.getByRole("button", { name: "Send me my booking link" }).click();
  await expect(page.getByText("We have e-mailed your booking page's link to the address on the booking.")).toBeVisible();
});

test("a quote for a date booked since says the date is not free now", async ({ page }) => {
  const day = scriptsOn() ? 27 : 28;
  // Asked while the date was free: once it is booked, the quote form offers the booth no more.
  await askQuote(page, day, `quote-second-${test.info().project.name}@example.com`);
  await page.getByRole("link", { name: "See your quote and book it" }).click();
  const asked = new URL(page.url());

  await askQuote(page, day, `quote-first-${test.info().project.name}@example.com`);
  await page.getByRole("link", { name: "See your quote and book it" }).click();
  await page.getByRole("button", { name: "Book this quote" }).click();
  await expect(page).toHaveURL(/\/invoice\/PB-\d{8}-\d{3}\?key=/);

  await visit(page, asked.pathname + asked.search);
  await expect(page.getByRole("heading", { level: 2, name: "Your date is not free now" })).toBeVisible();
  // The other dates in the calendar of the quote's booth: a free day opens the quote form for it.
  const calendar = page.getByRole("region", { name: "Free dates" });
  const free = calendar.getByRole("link", { name: /: free \(/ }).first();
  const date = new URL(await free.evaluate((link: HTMLAnchorElement) => link.href)).searchParams.get("date")!;
  await free.click();
  await expect(page).toHaveURL(/\/quickquote\?/);
  await expect(page.getByLabel("Event date")).toHaveValue(date);
});

/** As playwright.config.ts gives the site. */
const linkSecret = "e2e-owner-link-secret-for-tests-only-0123456789";

test("the owner's view of a quote, the unsubscribe page and the owner's numbers read well on a phone", async ({ page }) => {
  const email = `quote-owner-${test.info().project.name}@example.com`;
  await askQuote(page, scriptsOn() ? 25 : 26, email);
  const id = new URL(page.url()).searchParams.get("quote")!;
  const keys = { config: { SITE_ORIGIN: "http://site.invalid", OWNER_LINK_SECRET: linkSecret }, generations: firstGenerations };
  const path = (url: string | null) => new URL(url!).pathname + new URL(url!).search;

  await visit(page, path(await ownerQuoteUrl(keys, id)));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Quote ${id}`);
  await expect(page.getByRole("region", { name: "What the client asked" })).toContainText("Nguyễn Thị Hương");

  await visit(page, path(await unsubscribeUrl(keys, id)));
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are unsubscribed");

  await visit(page, `/owner/numbers?token=${await numbersToken(linkSecret)}`);
  await expect(page.getByRole("table", { name: "Quotes", exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});

test.describe("the first tap before React has loaded", { tag: "@js-only" }, () => {
  test("books the quote: Book this quote is a plain form post", async ({ page }) => {
    const email = "quote-first-tap@example.com";
    await askQuote(page, 24, email);
    const quotePage = await page.getByRole("link", { name: "See your quote and book it" }).getAttribute("href");
    const scripts = await holdScripts(page);
    await page.goto(quotePage!);
    const quoted = await amountIn(page, "Your price", /^Total/);
    await page.getByRole("button", { name: "Book this quote" }).tap();
    await expect(page).toHaveURL(/\/invoice\/PB-\d{8}-\d{3}\?key=/);
    scripts.release();
    expect(await amountIn(page, "Charges and payments", /^Total \(AUD\)$/)).toBe(quoted);
  });
});
