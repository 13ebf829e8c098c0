import type { Page } from "@playwright/test";
import { eventDate } from "../support/event-dates";
import { expect, test, visit } from "./fixtures";
import { bookingForm, fillBooking, fillContact, fillQuote, footerForm, locationSuggestions, quoteForm } from "./form-filling";

// Each test runs axe on two pages and this machine is shared, so allow more than the default 30 s.
test.describe.configure({ timeout: 60_000 });

const invoiceHeading = /^Tax invoice PB-\d{8}-[1-9]\d{2}$/;

/**
 * A booking holds its Glam Booth on its date, so a test that books passes a day of its own
 * (`bookingDay`); both projects (JavaScript on and off) share one server, so they book different days.
 */
function bookingDay(day: number): string {
  return eventDate("forms", test.info().project.name === "js" ? day : day + 1);
}

type RouteHandler = Parameters<Page["route"]>[1];

/** Intercepts only the form's POST (Remix's follow-up GET to the same address goes through). */
async function onPost(page: Page, pattern: string, handler: RouteHandler) {
  await page.route(pattern, (route, request) => (request.method() === "POST" ? handler(route, request) : route.continue()));
}

/**
 * Holds the form's POST until `release` is called, so the test sees 'Sending...' however slow
 * the machine. The page's clock (installed before it loads) is paused before the answer comes, so
 * the success message stays on screen until the test calls `resumeClock` rather than for the
 * page's 1.2 s. Pausing an hour ahead can never be "in the past" for the page.
 */
async function holdPost(page: Page, pattern: string) {
  let letGo!: () => void;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  await onPost(page, pattern, async (route) => {
    await released;
    await route.continue();
  });
  return {
    release: async () => {
      await page.clock.pauseAt(Date.now() + 3_600_000);
      letGo();
    },
    resumeClock: () => page.clock.resume(),
  };
}

/** The spec's /thankyou, with the address of the client's quote page (docs/product-decisions.md, "Quotes"). */
const quoteThankYou = /\/thankyou\?quote=Q-[A-Z0-9]{8}&key=[\w-]+$/;

test.describe("quick quote form", () => {
  // Without JavaScript only: with it, the next test sends the same form and lands on the same page.
  test("sends a request from an empty form and lands on the thank-you page", { tag: "@no-js-only" }, async ({ page }) => {
    await visit(page, "/quickquote");
    await fillQuote(quoteForm(page));
    await quoteForm(page).getByRole("button", { name: "Get my quote" }).click();
    await expect(page).toHaveURL(quoteThankYou);
    await expect(page.getByRole("heading", { level: 1, name: "Thank You!" })).toBeVisible();
  });

  test("shows Sending..., then the success message with a cleared form", { tag: "@js-only" }, async ({ page }) => {
    await page.clock.install();
    await visit(page, "/quickquote");
    const post = await holdPost(page, "**/quickquote.data*");
    const form = quoteForm(page);
    await fillQuote(form);
    await form.getByRole("button", { name: "Get my quote" }).click();
    await expect(form.getByRole("status")).toHaveText("Sending...");
    await post.release();
    await expect(form.getByRole("status")).toHaveText("Thank you! Your quote request has been sent successfully.");
    await expect(form.getByLabel("Full name")).toHaveValue("");
    await post.resumeClock();
    await expect(page).toHaveURL(quoteThankYou);
    await expect(page.getByRole("heading", { level: 1, name: "Thank You!" })).toBeVisible();
  });

  test("asks for every detail when a field is empty and keeps what was typed", async ({ page }) => {
    await visit(page, "/quickquote");
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await fillQuote(quoteForm(page), { message: "" });
    await quoteForm(page).getByRole("button", { name: "Get my quote" }).click();
    await expect(quoteForm(page).getByRole("status")).toHaveText("You have to complete all details.");
    await expect(quoteForm(page).getByLabel("Full name")).toHaveValue("Jane Citizen");
    await expect(page).toHaveURL(/\/quickquote$/);
    if (test.info().project.name === "js") expect(posts).toEqual([]);
  });

  test("shows the failure message when the server refuses the request", async ({ page }) => {
    await visit(page, "/quickquote");
    await fillQuote(quoteForm(page), { email: "jane@example" });
    await quoteForm(page).getByRole("button", { name: "Get my quote" }).click();
    const status = quoteForm(page).getByRole("status");
    await expect(status).toHaveText("Failed to send your request. Please try again later.");
    await expect(quoteForm(page).getByText("Please enter a valid email address.")).toBeVisible();
    await expect(quoteForm(page).getByLabel("Email")).toHaveValue("jane@example");
  });

  test("shows the failure message when the answer is not OK", { tag: "@js-only" }, async ({ page }) => {
    await visit(page, "/quickquote");
    await onPost(page, "**/quickquote.data*", (route) => route.fulfill({ status: 500, body: "Internal Server Error" }));
    await fillQuote(quoteForm(page));
    await quoteForm(page).getByRole("button", { name: "Get my quote" }).click();
    await expect(quoteForm(page).getByRole("status")).toHaveText("Failed to send your request. Please try again later.");
  });

  test("shows the network message when the request cannot be sent", { tag: "@js-only" }, async ({ page }) => {
    await visit(page, "/quickquote");
    await onPost(page, "**/quickquote.data*", (route) => route.abort());
    await fillQuote(quoteForm(page));
    await quoteForm(page).getByRole("button", { name: "Get my quote" }).click();
    await expect(quoteForm(page).getByRole("status")).toHaveText("An error occurred. Please try again.");
    await expect(page).toHaveURL(/\/quickquote$/);
  });

  // With JavaScript only: without it the button is the same link in the same server HTML.
  test("has a Back to Packages button", { tag: "@js-only" }, async ({ page }) => {
    await visit(page, "/quickquote");
    await expect(page.getByRole("link", { name: "Back to Packages" })).toHaveAttribute("href", "/packages");
  });
});

test.describe("booking form", () => {
  test("books from an empty form and opens the invoice with the amount, the PDF and its one pay button", async ({ page }) => {
    await visit(page, "/booking");
    await expect(page.getByRole("table", { name: /Booking prices/ }).getByRole("row", { name: /Glam Booth/ })).toContainText("$580");
    // A Friday and a Saturday: the table's price, with no date rule.
    await fillBooking(bookingForm(page), { date: bookingDay(7) });
    await bookingForm(page).getByRole("button", { name: "Submit booking" }).click();

    await expect(page).toHaveURL(/\/invoice\/PB-\d{8}-\d{3}\?key=[\w-]+$/);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(invoiceHeading);
    const invoiceNumber = (await heading.textContent())!.replace("Tax invoice ", "");
    await expect(page.getByRole("row", { name: /^Total \(AUD\)/ })).toContainText("$580.00");
    await expect(page.getByText("Glam Booth, 3 Hours (Photobooth)")).toBeVisible();
    await expect(page.getByRole("region", { name: "Pay by bank transfer or PayID" })).toContainText(invoiceNumber);

    const pdfHref = await page.getByRole("link", { name: "Download the PDF invoice" }).getAttribute("href");
    const pdf = await page.request.get(pdfHref!);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

    // One pay button: with card checkout on, the card button at the top of the page, and no Pay now link beside it.
    await expect(page.getByRole("button", { name: /^Pay \$\d+\.\d\d now$/ })).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Pay now" })).toHaveCount(0);
  });

  test("recalculates the price whenever the booth or the duration changes", { tag: "@js-only" }, async ({ page }) => {
    await visit(page, "/booking");
    const form = bookingForm(page);
    const price = form.getByLabel("Price (AUD)");
    await expect(price).toHaveValue("0");
    await expect(price).toHaveAttribute("readonly", "");
    await form.getByLabel("Booth type").selectOption("Glam Booth");
    await expect(price).toHaveValue("0");
    await form.getByLabel("Package duration").selectOption("3 Hours");
    await expect(price).toHaveValue("580");
    await form.getByLabel("Booth type").selectOption("Open Booth");
    await expect(price).toHaveValue("535");
    await form.getByLabel("Package duration").selectOption("5 Hours");
    await expect(price).toHaveValue("800");
  });

  test("shows Sending..., then the booking message with a cleared form, then the invoice", { tag: "@js-only" }, async ({ page }) => {
    await page.clock.install();
    await visit(page, "/booking");
    const post = await holdPost(page, "**/booking.data*");
    const form = bookingForm(page);
    await fillBooking(form, { date: bookingDay(3) });
    await form.getByRole("button", { name: "Submit booking" }).click();
    await expect(form.getByRole("status")).toHaveText("Sending...");
    await post.release();
    await expect(form.getByRole("status")).toHaveText("Booking submitted! Booking confirmation sent.");
    await expect(form.getByLabel("Full name")).toHaveValue("");
    await post.resumeClock();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(invoiceHeading);
  });

  test("shows the server's error after 'Error: ' and keeps what was typed", async ({ page }) => {
    await visit(page, "/booking");
    await fillBooking(bookingForm(page), { email: "jane@example" });
    await bookingForm(page).getByRole("button", { name: "Submit booking" }).click();
    await expect(bookingForm(page).getByRole("status")).toHaveText("Error: Please enter a valid email address.");
    await expect(bookingForm(page).getByLabel("Full name")).toHaveValue("Jane Citizen");
    await expect(bookingForm(page).getByLabel("Price (AUD)")).toHaveValue("580");
  });

  test("shows the generic message when the request fails", { tag: "@js-only" }, async ({ page }) => {
    await visit(page, "/booking");
    await onPost(page, "**/booking.data*", (route) => route.abort());
    await fillBooking(bookingForm(page));
    await bookingForm(page).getByRole("button", { name: "Submit booking" }).click();
    await expect(bookingForm(page).getByRole("status")).toHaveText("Something went wrong. Please try again.");
  });

  test("suggests the Victorian suburbs and towns booked online as the event location is typed", async ({ page }) => {
    await visit(page, "/booking");
    const form = bookingForm(page);
    if (test.info().project.use.javaScriptEnabled !== false) {
      // With scripts on, the ~1,200 options join the page only when the visitor starts on the form.
      expect(await locationSuggestions(form)).toEqual([]);
      await form.getByLabel("Full name").click();
    }
    await expect.poll(() => locationSuggestions(form)).toEqual(expect.arrayContaining(["Tarneit", "Point Cook", "Werribee", "Geelong"]));
    const suggestions = await locationSuggestions(form);
    expect(suggestions.length).toBeGreaterThan(1000);
    // Lorne is past the online travel limit: a booking there is a quote.
    expect(suggestions).not.toContain("Lorne");
  });

  test("an invoice address with the wrong key is not found, and offers to e-mail the booking page's link", async ({ page }) => {
    await visit(page, "/invoice/PB-20260101-123?key=not-the-key", 404);
    await expect(page.getByRole("heading", { level: 1, name: "Booking PB-20260101-123" })).toBeVisible();
    await page.getByLabel("The e-mail address you booked with").fill("someone@example.com");
    await page.getByRole("button", { name: "Send me my booking link" }).click();
    await expect(page).toHaveURL(/\/invoice\/PB-20260101-123\?link=sent$/);
    await expect(page.getByText("If that address is on booking PB-20260101-123, we have e-mailed its link.")).toBeVisible();
  });
});

test.describe("footer contact form", () => {
  // Without JavaScript only: with it, the next test sends the same form and lands on the same page.
  test("sends a message from the home page and lands on the thank-you page", { tag: "@no-js-only" }, async ({ page }) => {
    await visit(page, "/");
    await fillContact(footerForm(page));
    await footerForm(page).getByRole("button", { name: "Send" }).click();
    await expect(page).toHaveURL(/\/thankyou$/);
    await expect(page.getByRole("heading", { level: 1, name: "Thank You!" })).toBeVisible();
  });

  test("clears the form and the status after sending", { tag: "@js-only" }, async ({ page }) => {
    await page.clock.install();
    await visit(page, "/packages");
    const post = await holdPost(page, "**/contact.data*");
    await fillContact(footerForm(page));
    await footerForm(page).getByRole("button", { name: "Send" }).click();
    await expect(footerForm(page).getByRole("status")).toHaveText("Sending...");
    await post.release();
    await post.resumeClock();
    await expect(page).toHaveURL(/\/thankyou$/);
    await expect(page.getByRole("heading", { level: 1, name: "Thank You!" })).toBeVisible();
    await expect(footerForm(page).getByRole("status")).toHaveText("");
    await expect(footerForm(page).getByLabel("Name")).toHaveValue("");
  });

  test("shows the failure message with an icon in the footer", { tag: "@js-only" }, async ({ page }) => {
    await visit(page, "/events");
    await fillContact(footerForm(page), { email: "sam@example" });
    await footerForm(page).getByRole("button", { name: "Send" }).click();
    const status = footerForm(page).getByRole("status");
    await expect(status).toHaveText("Failed to send. Please try again later.");
    await expect(status.locator("svg[aria-hidden='true']")).toHaveCount(1);
    await expect(page).toHaveURL(/\/events$/);
  });

  test("without JavaScript a refused message comes back on the contact page with what was typed", { tag: "@no-js-only" }, async ({ page }) => {
    await visit(page, "/events");
    await fillContact(footerForm(page), { email: "sam@example" });
    await footerForm(page).getByRole("button", { name: "Send" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    const form = page.getByRole("main").getByRole("form", { name: "Send us a message" });
    await expect(form.getByRole("status")).toHaveText("Failed to send. Please try again later.");
    await expect(form.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(form.getByLabel("Name")).toHaveValue("Sam Lee");
    await expect(page.getByRole("form", { name: "Send us a message" })).toHaveCount(1);
  });

  test("shows the network message with an icon when the request cannot be sent", { tag: "@js-only" }, async ({ page }) => {
    await visit(page, "/");
    await onPost(page, "**/contact.data*", (route) => route.abort());
    await fillContact(footerForm(page));
    await footerForm(page).getByRole("button", { name: "Send" }).click();
    const status = footerForm(page).getByRole("status");
    await expect(status).toHaveText("An error occurred. Please try again.");
    await expect(status.locator("svg[aria-hidden='true']")).toHaveCount(1);
  });
});

test.describe("payment page", () => {
  const script = 'script[src="https://js.stripe.com/v3/buy-button.js"]';

  test("embeds the card button with the invoice as reference, adding its script only while on the page", { tag: "@js-only" }, async ({ page }) => {
    await visit(page, "/pay?invoice=PB-20261122-123");
    await expect(page.getByText("Paying invoice PB-20261122-123")).toBeVisible();
    const button = page.locator("stripe-buy-button");
    await expect(button).toHaveAttribute("buy-button-id", "buy_btn_example");
    await expect(button).toHaveAttribute("publishable-key", "pk_test_example");
    await expect(button).toHaveAttribute("client-reference-id", "PB-20261122-123");
    await expect(page.locator(script)).toHaveCount(1);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "PACKAGES" }).click();
    await expect(page).toHaveURL(/\/packages$/);
    await expect(page.locator(script)).toHaveCount(0);
  });

  // With JavaScript only: the server HTML's answer to it is read by tests/integration/forms-actions.test.ts.
  test("ignores a malformed invoice number", { tag: "@js-only" }, async ({ page }) => {
    await visit(page, "/pay?invoice=PB-1%3Cscript%3E");
    await expect(page.getByText(/Paying invoice/)).toHaveCount(0);
    await expect(page.locator("stripe-buy-button:not([client-reference-id])")).toHaveCount(1);
  });

  test("without JavaScript offers bank transfer and PayID instead of the card button", { tag: "@no-js-only" }, async ({ page }) => {
    await visit(page, "/pay?invoice=PB-20261122-123");
    await expect(page.getByText(/Card payment needs JavaScript/)).toBeVisible();
    // The button's element is in the markup, but nothing loads Stripe's script to draw it.
    await expect(page.locator(script)).toHaveCount(0);
    await expect(page.locator("stripe-buy-button")).toBeEmpty();
    const bank = page.getByRole("region", { name: "Pay by bank transfer or PayID" });
    await expect(bank.getByText("BSB")).toBeVisible();
    await expect(bank.getByText("PB-20261122-123")).toBeVisible();
  });
});
