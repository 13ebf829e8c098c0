import { navItems } from "../../app/navigation";
import { routeTitles } from "../support/routes";
import { expect, test, visit } from "./fixtures";

test.describe("shared layout", () => {
  // /pbseopage leaves for / after a second; the pages work covers it on its own.
  const stayingRoutes = Object.entries(routeTitles).filter(([path]) => path !== "/pbseopage");
  // Once per route, with JavaScript: the conformance suite reads every route's server HTML (what
  // a visitor without JavaScript gets) through the Nu checker, so a second browser pass per route
  // would only double the suite's time. One page visits eight routes in turn: a fresh browser
  // context per route fetched and compiled the app's scripts again before each hydration.
  for (let first = 0; first < stayingRoutes.length; first += 8) {
    const routes = stayingRoutes.slice(first, first + 8);
    test(`the routes ${routes[0]![0]} to ${routes.at(-1)![0]} answer 200 with their titles, the navigation and the footer`, { tag: "@js-only" }, async ({ page }) => {
      test.slow();
      for (const [path, title] of routes) {
        await test.step(path, async () => {
          await visit(page, path);
          await expect(page).toHaveTitle(title);
          const nav = page.getByRole("navigation", { name: "Main" });
          await expect(nav.getByRole("link")).toHaveText(navItems.map((item) => item.label));
          await expect(page.getByRole("contentinfo").getByRole("link", { name: "Terms and Conditions" })).toBeVisible();
        });
      }
    });
  }

  // Each family, size and weight a page sets text in is one more font Chrome looks up before its
  // first layout (README, Speed), so text takes its size from the scale in app.css and is either
  // regular or bold. On a phone the fluid headings sit at the scale's sizes too.
  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    // One test for every route, reading the page as first laid out (the tests above run axe and
    // hydrate each route already): a browser context per route would cost more than the checks.
    test("every page sets its text in the type scale's sizes and in two weights", { tag: "@js-only" }, async ({ page }) => {
      test.slow();
      for (const [path] of stayingRoutes) {
        expect((await page.goto(path))?.status(), path).toBe(200);
        const offScale = await page.evaluate(() => {
          const root = getComputedStyle(document.documentElement);
          const rem = parseFloat(root.fontSize);
          const scale = ["sm", "md", "lg", "xl", "2xl", "3xl"].map((step) => parseFloat(root.getPropertyValue(`--text-${step}`)) * rem);
          const fits = ({ fontSize, fontWeight }: CSSStyleDeclaration) =>
            scale.some((size) => Math.abs(size - parseFloat(fontSize)) < 0.01) && ["400", "700"].includes(fontWeight);
          const found: string[] = [];
          for (const element of document.body.querySelectorAll("*")) {
            if (!element.getClientRects().length) continue;
            const text = [...element.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
            const style = getComputedStyle(element);
            if (text && !fits(style)) found.push(`${element.tagName} "${text.textContent?.trim()}" ${style.fontSize} ${style.fontWeight}`);
            for (const pseudo of ["::before", "::after"]) {
              const pseudoStyle = getComputedStyle(element, pseudo);
              if (!["none", "normal", '""'].includes(pseudoStyle.content) && !fits(pseudoStyle)) {
                found.push(`${element.tagName}${pseudo} ${pseudoStyle.fontSize} ${pseudoStyle.fontWeight}`);
              }
            }
          }
          return found;
        });
        expect.soft(offScale, path).toEqual([]);
      }
    });
  });

  // A trickle of bytes makes Chrome paint a page before all of it is parsed, as on a phone: nothing
  // already painted may move when the rest arrives (the header's buttons, the backdrop's emoji).
  test("pages hold still while they arrive over a slow connection", { tag: "@js-only" }, async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 412, height: 823 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 20, downloadThroughput: 8_000, uploadThroughput: 8_000 });
    for (const path of ["/", "/backdrop", "/packages"]) {
      // A query string keeps the page out of the edge cache, so it is rendered and sent afresh.
      await page.goto(`${path}?slow`, { waitUntil: "load" });
      const shifts = await page.evaluate(() => {
        const observer = new PerformanceObserver(() => {});
        observer.observe({ type: "layout-shift", buffered: true });
        return observer.takeRecords().map((entry) => (entry as PerformanceEntry & { value: number }).value);
      });
      expect.soft(shifts, path).toEqual([]);
    }
  });

  // The header, logo, Book Now and not-found tests run with JavaScript only: without it these are the same server HTML
  // (tests/integration/routes.test.ts) and their links plain links. The footer and the phone's menu differ, so run in both.
  test("the header links to every page in the spec's order and marks the current one", { tag: "@js-only" }, async ({ page }) => {
    await visit(page, "/packages");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const item of navItems) {
      await expect(nav.getByRole("link", { name: item.label, exact: true })).toHaveAttribute("href", item.to);
    }
    await expect(nav.getByRole("link", { name: "PACKAGES" })).toHaveAttribute("aria-current", "page");
    await expect(nav.locator("[aria-current]")).toHaveCount(1);

    await nav.getByRole("link", { name: "EVENTS" }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(nav.getByRole("link", { name: "EVENTS" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "PACKAGES" })).not.toHaveAttribute("aria-current", "page");
  });

  test("the logo links home and the call icon dials the business", { tag: "@js-only" }, async ({ page }) => {
    await visit(page, "/events");
    await expect(page.getByRole("link", { name: /home$/ })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Call 0491 570 156" })).toHaveAttribute("href", "tel:+61491570156");
  });

  test("the footer shows contact details, social links, the map and the legal links", async ({ page }) => {
    await visit(page, "/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "0491 570 156" })).toHaveAttribute("href", "tel:+61491570156");
    await expect(footer.getByRole("link", { name: "hello@example.com" })).toHaveAttribute("href", "mailto:hello@example.com");
    for (const name of ["Facebook", "Instagram"]) {
      const link = footer.getByRole("link", { name });
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    // With scripts on, the map arrives as the visitor nears the footer.
    await footer.scrollIntoViewIfNeeded();
    const map = footer.locator("iframe");
    await expect(map).toHaveAttribute("height", "250");
    await expect(map).toHaveAttribute("loading", "lazy");
    await expect(map).toHaveAttribute("title", /Map of/);
    const contact = footer.getByRole("form", { name: "Send us a message" });
    await expect(contact.getByLabel("Name")).toHaveAttribute("required", "");
    await expect(contact.getByLabel("Email")).toHaveAttribute("type", "email");
    await expect(contact.getByLabel("Message")).toHaveAttribute("required", "");
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  });

  test("the Twitter icon shows that the link is coming soon", { tag: "@js-only" }, async ({ page }) => {
    await visit(page, "/");
    const alerts: string[] = [];
    // Noted only once dismissed, so the test cannot end (and axe run) while the alert still blocks the page.
    page.on("dialog", async (dialog) => {
      const shown = `${dialog.type()}: ${dialog.message()}`;
      await dialog.dismiss();
      alerts.push(shown);
    });
    await page.getByRole("button", { name: "Twitter" }).click();
    await expect.poll(() => alerts).toEqual(["alert: Twitter link coming soon"]);
  });

  test("the Book Now button shows on every public page except /booking (private pages: day-sheet.spec.ts)", { tag: "@js-only" }, async ({ page }) => {
    await visit(page, "/");
    const bookNow = page.getByRole("link", { name: "Book Now" });
    await expect(bookNow).toBeVisible();
    await bookNow.click();
    await expect(page).toHaveURL(/\/booking$/);
    await expect(page.getByRole("link", { name: "Book Now" })).toHaveCount(0);

    await visit(page, "/booking");
    await expect(page.getByRole("link", { name: "Book Now" })).toHaveCount(0);
    await visit(page, "/pay");
    await expect(page.getByRole("link", { name: "Book Now" })).toBeVisible();
  });

  test("an unknown address shows the not-found page inside the layout with status 404", { tag: "@js-only" }, async ({ page }) => {
    await visit(page, "/this/does/not/exist", 404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens from the toggle and leads to a page", async ({ page }) => {
    await visit(page, "/");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(menu).toBeHidden();
    await page.getByText("Menu", { exact: true }).or(page.getByLabel("Menu")).click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "HOMEPAGE" })).toHaveAttribute("aria-current", "page");
    await menu.getByRole("link", { name: "BACKDROP" }).click();
    await expect(page).toHaveURL(/\/backdrop$/);
  });

  test("closes when an item is chosen", { tag: "@js-only" }, async ({ page }) => {
    await visit(page, "/");
    await page.getByLabel("Menu").click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await menu.getByRole("link", { name: "PACKAGES" }).click();
    await expect(page).toHaveURL(/\/packages$/);
    await expect(menu).toBeHidden();
  });
});
