import { landingPages } from "../../app/content/landing";
import { expect, test, visit } from "./fixtures";

test.describe("landing pages", () => {
  /** The button a landing page leads with, by the kind of label the spec gives it, and the form it opens. */
  const book = { label: "book button", name: /^Book/, form: "/booking", formName: "booking form" } as const;
  const quote = { label: "quick quote button", name: /quote/i, form: "/quickquote", formName: "quote form" } as const;
  const leadButtons: Record<string, typeof book | typeof quote> = {
    "/christmas": book,
    "/graduation": book,
    "/corporate-events": quote,
    "/birthday": quote,
    "/halloween": quote,
  };

  // With JavaScript only: the same server HTML is read without it by the conformance suite and the integration tests,
  // and its buttons are links a browser follows as it follows any link.
  for (const landing of landingPages) {
    const lead = leadButtons[landing.path];
    const opens = lead ? `, and its ${lead.label} opens the ${lead.formName}` : "";
    test(`${landing.path} shows its headline, buttons to the forms and a gallery with alt text and dimensions${opens}`, { tag: "@js-only" }, async ({ page }) => {
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

      if (!lead) return;
      const button = main.getByRole("link", { name: lead.name }).first();
      await expect(button).toHaveAttribute("href", lead.form);
      await button.click();
      await expect(page).toHaveURL(new RegExp(`${lead.form}$`));
    });
  }

  // With JavaScript only, as above.
  test("the wedding page has a book button to /booking and no quick quote button", { tag: "@js-only" }, async ({ page }) => {
    await visit(page, "/weddings");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Book your wedding booth" }).first()).toHaveAttribute("href", "/booking");
    await expect(main.getByRole("link", { name: /quote/i })).toHaveCount(0);
    await expect(main.locator('a[href="/quickquote"]')).toHaveCount(0);
    await main.getByRole("link", { name: "Book your wedding booth" }).first().click();
    await expect(page).toHaveURL(/\/booking$/);
  });

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
