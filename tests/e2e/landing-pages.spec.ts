import { landingPages } from "../../app/content/landing";
import { expect, test, visit } from "./fixtures";

test.describe("landing pages", () => {
  // With JavaScript only: the same server HTML is read without it by the conformance suite and the integration tests.
  for (const landing of landingPages) {
    test(`${landing.path} shows its headline, buttons to the forms and a gallery with alt text and dimensions`, { tag: "@js-only" }, async ({ page }) => {
      await visit(page, landing.path);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(landing.headline);
      for (const action of landing.actions) {
        const buttons = main.getByRole("link", { name: action.label, exact: true });
        await expect(buttons.first()).toBeVisible();
        for (const button of await buttons.all()) await expect(button).toHaveAttribute("href", action.to);
      }
      await expect(main.getByRole("link", { name: "Compare every package and price" })).toHaveAttribute("href", "/packages");
      await expect(main.getByRole("listitem").filter({ hasText: /^Point Cook$/ })).toBeVisible();

      const images = main.getByRole("img");
      await expect(images).toHaveCount(landing.illustrations.length);
      for (const [index, illustration] of landing.illustrations.entries()) {
        const image = images.nth(index);
        await expect(image).toHaveAttribute("alt", illustration.alt);
        await expect(image).toHaveAttribute("width", String(illustration.width));
        await expect(image).toHaveAttribute("height", String(illustration.height));
        if (index === 0) {
          await expect(image).toHaveAttribute("fetchpriority", "high");
          await expect(image).not.toHaveAttribute("loading", "lazy");
        } else {
          await expect(image).toHaveAttribute("loading", "lazy");
        }
        await image.scrollIntoViewIfNeeded();
        await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      }
    });
  }

  // The buttons below with JavaScript only: without it they are the same links in the same server HTML, which a
  // browser follows as it follows any link, so only the client-side navigation is the site's own.
  test("the wedding page has a book button to /booking and no quick quote button", { tag: "@js-only" }, async ({ page }) => {
    await visit(page, "/weddings");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Book your wedding booth" }).first()).toHaveAttribute("href", "/booking");
    await expect(main.getByRole("link", { name: /quote/i })).toHaveCount(0);
    await expect(main.locator('a[href="/quickquote"]')).toHaveCount(0);
    await main.getByRole("link", { name: "Book your wedding booth" }).first().click();
    await expect(page).toHaveURL(/\/booking$/);
  });

  for (const path of ["/christmas", "/graduation"]) {
    test(`${path} has a book button that opens the booking form`, { tag: "@js-only" }, async ({ page }) => {
      await visit(page, path);
      const book = page.getByRole("main").getByRole("link", { name: /^Book/ }).first();
      await expect(book).toHaveAttribute("href", "/booking");
      await book.click();
      await expect(page).toHaveURL(/\/booking$/);
    });
  }

  for (const path of ["/corporate-events", "/birthday", "/halloween"]) {
    test(`${path} has a quick quote button that opens the quote form`, { tag: "@js-only" }, async ({ page }) => {
      await visit(page, path);
      const quote = page.getByRole("main").getByRole("link", { name: /quote/i }).first();
      await expect(quote).toHaveAttribute("href", "/quickquote");
      await quote.click();
      await expect(page).toHaveURL(/\/quickquote$/);
    });
  }

  test("the Melbourne page links to the wedding, birthday and corporate pages", { tag: "@js-only" }, async ({ page }) => {
    test.slow();
    const targets = [
      { name: "Wedding photo booths", path: "/weddings", heading: /wedding/i },
      { name: "Birthday photo booths", path: "/birthday", heading: /birthday/i },
      { name: "Corporate event photo booths", path: "/corporate-events", heading: /branded/i },
    ];
    await visit(page, "/photoboothhiremelbourne");
    for (const target of targets) {
      await expect(page.getByRole("main").getByRole("link", { name: target.name })).toHaveAttribute("href", target.path);
    }
    for (const target of targets) {
      await page.goto("/photoboothhiremelbourne");
      await page.getByRole("main").getByRole("link", { name: target.name }).click();
      await expect(page).toHaveURL(new RegExp(`${target.path}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(target.heading);
    }
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the corporate page fits the screen without sideways scrolling", async ({ page }) => {
      await visit(page, "/corporate-events");
      await expect(page.getByRole("main").getByRole("link", { name: "Get a corporate quote" }).first()).toBeInViewport();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBe(0);
    });
  });
});
