import { policy, timing } from "../../app/business";
import { blogPosts } from "../../app/content/blog-posts.server";
import type { Page } from "@playwright/test";
import { expect, test, visit } from "./fixtures";

const newestFirst = [...blogPosts].sort((a, b) => b.date.localeCompare(a.date));
const { cancellation } = policy;

function sectionTitled(page: Page, heading: string) {
  return page.locator("section", { has: page.getByRole("heading", { level: 2, name: heading, exact: true }) });
}

// With JavaScript only: without it these pages are the same server HTML (tests/integration/content-pages.test.ts reads it) and their links plain links.
test.describe("blog", { tag: "@js-only" }, () => {
  test("the list shows every post newest first and Read more opens the post", async ({ page }) => {
    await visit(page, "/blog");
    await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2 }).filter({ hasNot: page.locator("footer *") })).toContainText(
      newestFirst.map((post) => post.title),
    );
    const newest = newestFirst[0]!;
    const card = page.getByRole("article", { name: newest.title });
    await expect(card.locator("time")).toHaveAttribute("datetime", newest.date);
    await expect(card.locator("time")).toHaveText("29 October 2025");
    await expect(card).toContainText(newest.excerpt);

    await card.getByRole("link", { name: `Read more about ${newest.title}` }).click();
    await expect(page).toHaveURL(`/blog/${newest.slug}/`);
    await expect(page.getByRole("heading", { level: 1, name: newest.title })).toBeVisible();
    await expect(page.getByText(`By ${newest.author}`)).toBeVisible();
    await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${newest.title} \\|`));
  });

  test("a post also opens without the trailing slash", async ({ page }) => {
    const post = blogPosts[0]!;
    await visit(page, `/blog/${post.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: post.title })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/blog/${post.slug}/$`));
  });

  test("an unknown post shows 'Post not found.' with status 404 inside the layout", async ({ page }) => {
    await visit(page, "/blog/no-such-post/", 404);
    await expect(page.getByRole("heading", { level: 1, name: "Post not found." })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await page.getByRole("link", { name: "Back to the Blog" }).click();
    await expect(page).toHaveURL("/blog");
  });
});

// With JavaScript only: without it the page is the same server HTML (tests/integration/content-pages.test.ts) and Back to Home a plain link.
test("/thankyou thanks the visitor and leads back home", { tag: "@js-only" }, async ({ page }) => {
  await visit(page, "/thankyou");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank You!");
  await expect(page.getByText("Your request has been received. We'll get back to you shortly.")).toBeVisible();
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL("/");
});

test("/pbseopage offers Go to Homepage and moves to the homepage after a second", async ({ page }) => {
  // The page's markup is read by a request of its own: on a busy machine the browser may leave the page
  // before its body is read. Not visited with axe first, for the same reason: axe runs on the homepage.
  const markup = await page.request.get("/pbseopage");
  expect(markup.status()).toBe(200);
  expect(await markup.text()).toContain("Go to Homepage");
  expect((await page.goto("/pbseopage"))?.status()).toBe(200);
  // One second of delay, then however long a busy machine takes to load the homepage.
  await expect(page).toHaveURL("/", { timeout: 15_000 });
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "HOMEPAGE" })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("/pbseopage with JavaScript takes the page's place in history, so Back skips it", { tag: "@js-only" }, async ({ page }) => {
  await page.goto("/packages");
  await page.clock.install();
  await page.goto("/pbseopage");
  // The no-JavaScript refresh sits in <noscript>, so with scripts on only the script redirects.
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
  await page.clock.runFor(timing.seoRedirectMs);
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Taking you to our homepage…");
  await page.goBack();
  await expect(page).toHaveURL("/packages");
});

// With JavaScript only: without it these pages are the same server HTML (tests/integration/content-pages.test.ts) and the contents a list of plain anchors.
test.describe("legal pages", { tag: "@js-only" }, () => {
  test("/terms shows when it was last updated and the cancellation tiers", async ({ page }) => {
    await visit(page, "/terms");
    await expect(page.getByRole("heading", { level: 1, name: "Terms and Conditions" })).toBeVisible();
    await expect(page.getByText("Last updated November 24, 2026")).toBeVisible();
    const tiers = sectionTitled(page, "Cancellations").getByRole("listitem");
    await expect(tiers).toHaveText([
      `More than ${cancellation.depositForfeitedBeyondDays} days before the event: the deposit is forfeited and nothing more is due.`,
      `${cancellation.halfFeeFromDays} to ${cancellation.depositForfeitedBeyondDays} days before the event: ${cancellation.halfFeePercent}% of the total fee is due.`,
      `Less than ${cancellation.halfFeeFromDays} days before the event: the full amount is due and there is no refund.`,
    ]);
    await page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: "Cancellations" }).click();
    await expect(page).toHaveURL(/#cancellations$/);
  });

  test("/privacy says what the forms collect and how to reach the business", async ({ page }) => {
    await visit(page, "/privacy");
    await expect(page.getByText("Last updated August 13, 2025")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "What the forms collect" })).toBeVisible();
    const contact = sectionTitled(page, "Contact us");
    await expect(contact.getByRole("link", { name: "hello@example.com" })).toHaveAttribute("href", "mailto:hello@example.com");
    await expect(contact.getByRole("link", { name: "0491 570 156" })).toHaveAttribute("href", "tel:+61491570156");
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the blog, a post and the terms fit the screen without sideways scrolling", async ({ page }) => {
    for (const path of ["/blog", `/blog/${blogPosts[3]!.slug}/`, "/terms"]) {
      await visit(page, path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
