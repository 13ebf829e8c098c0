import { business } from "../../app/business";
import { scrollPositionsKey } from "../../app/inline-scripts";
import { expect, holdScripts, hydrate, isHydrated, test, untilHydrated } from "./fixtures";

test.describe("hydration at the visitor's first intent", { tag: "@js-only" }, () => {
  test("a page that is only read loads no script, and shows its map once the reader nears the footer", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/packages");
    // Past the boot script's after-load task and the observer's first report, which come a frame apart.
    await page.evaluate(() => new Promise((settled) => requestAnimationFrame(() => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(settled))))));
    const map = page.getByRole("contentinfo").locator("iframe");
    await expect(map).toHaveCount(0);
    // Scrolled by the page, not by the visitor's wheel or finger, so it is no sign of intent.
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await expect(map).toHaveAttribute("title", /^Map of /);
    expect(scripts).toEqual([]);
    expect(await isHydrated(page)).toBe(false);
    await hydrate(page);
    expect(scripts.length).toBeGreaterThan(0);
  });

  test("the payment page's card button gets its script once the page has loaded, with no touch", async ({ page }) => {
    await page.goto("/pay?invoice=PB-20261122-123");
    await expect(page.locator('script[src="https://js.stripe.com/v3/buy-button.js"]')).toHaveCount(1);
    await expect(page.locator("stripe-buy-button")).toHaveAttribute("client-reference-id", "PB-20261122-123");
    expect(await isHydrated(page)).toBe(false);
  });

  test("a message sent before React is ready is held back, then sent once, the in-page way", async ({ page }) => {
    const scripts = await holdScripts(page);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
    });
    await page.goto("/privacy");
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const form = page.getByRole("contentinfo").getByRole("form", { name: "Send us a message" });
    await form.getByLabel("Name").fill("Trần Thị Mai 陈美");
    await form.getByLabel("Email").fill("mai@example.com");
    await form.getByLabel("Message").fill("Γειά σας, a booth for our engagement please.");
    // Pressed twice while waiting: it is still sent once.
    await form.getByRole("button", { name: "Send" }).click();
    await form.getByRole("button", { name: "Send" }).click();
    await expect.poll(() => scripts.requested.length).toBeGreaterThan(0);
    // A plain post would have left at the click; this one waits for React.
    expect(posts).toEqual([]);
    scripts.release();
    await untilHydrated(page);
    await expect(page).toHaveURL(/\/thankyou$/);
    // Remix's data request, not a page post: the form went the JavaScript way.
    expect(posts).toEqual(["/contact.data"]);
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  });

  test("a click on the Twitter button before React is ready still shows its notice", async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto("/");
    const alerts: string[] = [];
    page.on("dialog", async (dialog) => {
      await dialog.dismiss();
      alerts.push(dialog.message());
    });
    await page.getByRole("button", { name: "Twitter" }).click();
    await expect.poll(() => scripts.requested.length).toBeGreaterThan(0);
    expect(alerts).toEqual([]);
    scripts.release();
    await untilHydrated(page);
    await expect.poll(() => alerts).toEqual([business.twitterNotice]);
  });

  test("a page that gave up waiting for React lets a tap go, and React arriving later still takes the page over", async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.clock.install();
    await page.goto("/");
    const alerts: string[] = [];
    page.on("dialog", async (dialog) => {
      await dialog.dismiss();
      alerts.push(dialog.message());
    });
    const twitter = page.getByRole("button", { name: "Twitter" });
    await twitter.click();
    await expect.poll(() => scripts.requested.length).toBeGreaterThan(0);
    // A stalled network: 15 s after the first touch the page stops holding taps back.
    await page.clock.runFor(15_000);
    expect(await isHydrated(page)).toBe(false);
    scripts.release();
    await untilHydrated(page);
    await twitter.click();
    await expect.poll(() => alerts).toEqual([business.twitterNotice]);
  });

  test("a first visit leaves the history entry alone, and a position React saved is restored before React runs again", async ({ page }) => {
    await page.goto("/packages");
    expect(await page.evaluate(() => history.state)).toBeNull();
    await hydrate(page);
    const key = await page.evaluate(() => history.state?.key);
    expect(typeof key).toBe("string");
    await page.evaluate(() => scrollTo(0, 700));
    // React Router saves positions by the entry's key as the page goes away.
    await page.reload();
    const saved = await page.evaluate((storageKey) => JSON.parse(sessionStorage.getItem(storageKey) ?? "{}"), scrollPositionsKey);
    expect(saved[key]).toBe(700);
    // As React Router leaves it while a page is hydrated: the browser restores nothing itself.
    await page.evaluate(() => {
      history.scrollRestoration = "manual";
      scrollTo(0, 0);
    });
    await page.reload();
    expect(await isHydrated(page)).toBe(false);
    expect(await page.evaluate(() => scrollY)).toBe(700);
  });
});
