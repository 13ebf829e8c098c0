import type { Page } from "@playwright/test";
import { policy, serviceAreas, timing } from "../../app/business";
import { backdrops } from "../../app/content/backdrops";
import { booths } from "../../app/content/booths";
import { eventCards } from "../../app/content/events";
import { faqs, howItWorks } from "../../app/content/home";
import { corporatePackages, packageLines } from "../../app/content/packages";
import { seasonalBanner } from "../../app/content/seasonal";
import { media } from "../../app/media";
import { formatAud, listPackages } from "../../app/pricing";
import { melbourneDate } from "../../app/utils/melbourne-time";
import { expect, test, visit } from "./fixtures";

// The tests tagged @js-only that read content and follow links: without JavaScript a page is the same server HTML
// (tests/integration/marketing-pages.test.ts reads it) with plain links; what differs without it has a @no-js-only test.
// Most tests here run axe twice, so they get more time on a busy machine.
test.describe.configure({ timeout: 60_000 });

const heroImages = (page: Page) => ({
  first: page.getByRole("img", { name: media.heroBooth.alt }),
  second: page.getByRole("img", { name: media.heroPrints.alt }),
});

/** The hero's cross-fade is a CSS animation (marketing.css) on the second slide, over the first. */
const heroAnimation = "hero-second-slide";

async function expectSlide(page: Page, shown: "first" | "second") {
  const images = heroImages(page);
  await expect(images.first).toBeVisible();
  await expect(images.first).toHaveCSS("opacity", "1");
  await expect(images.second).toHaveCSS("opacity", shown === "second" ? "1" : "0");
}

/** Pauses the cross-fade where it stands `ms` after the page started, so the test needs no waiting. */
async function heroAt(page: Page, ms: number) {
  await page.evaluate(
    ([name, time]) => {
      for (const animation of document.getAnimations()) {
        if (animation instanceof CSSAnimation && animation.animationName === name) {
          animation.pause();
          animation.currentTime = time;
        }
      }
    },
    [heroAnimation, ms] as const,
  );
}

test.describe("home page hero", () => {
  test("swaps between its two images every five seconds", { tag: "@js-only" }, async ({ page }) => {
    await visit(page, "/");
    const fade = 900; // the cross-fade takes 8% of the cycle, 0.8 s
    await heroAt(page, timing.heroRotationMs - 100);
    await expectSlide(page, "first");
    await heroAt(page, timing.heroRotationMs + fade);
    await expectSlide(page, "second");
    await heroAt(page, 2 * timing.heroRotationMs - 100);
    await expectSlide(page, "second");
    await heroAt(page, 2 * timing.heroRotationMs + fade);
    await expectSlide(page, "first");
    await heroAt(page, 3 * timing.heroRotationMs + fade);
    await expectSlide(page, "second");
  });

  test("stays on its first image when the visitor prefers reduced motion", { tag: "@js-only" }, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await visit(page, "/");
    const running = await page.evaluate(
      (name) => document.getAnimations().filter((a) => a instanceof CSSAnimation && a.animationName === name).length,
      heroAnimation,
    );
    expect(running).toBe(0);
    await expectSlide(page, "first");
  });

  test("swaps its images without JavaScript too", { tag: "@no-js-only" }, async ({ page }) => {
    await visit(page, "/");
    const second = heroImages(page).second;
    // Scripts are off, so the test reads the animation the stylesheet gives the second slide.
    await expect(second).toHaveCSS("animation-name", heroAnimation);
    await expect(second).toHaveCSS("animation-duration", `${(2 * timing.heroRotationMs) / 1000}s`);
    await expect(second).toHaveCSS("animation-delay", `${timing.heroRotationMs / 1000}s`);
    await expect(second).toHaveCSS("animation-iteration-count", "infinite");
    await expect(heroImages(page).first).toHaveCSS("opacity", "1");
  });

  test("keeps both images in one box of the same size, the first loaded eagerly", { tag: "@js-only" }, async ({ page }) => {
    await visit(page, "/");
    const slides = page.locator(".hero-media img");
    await expect(slides).toHaveCount(2);
    for (const index of [0, 1]) {
      await expect(slides.nth(index)).toHaveAttribute("width", String(media.heroBooth.width));
      await expect(slides.nth(index)).toHaveAttribute("height", String(media.heroBooth.height));
    }
    await expect(slides.first()).toHaveAttribute("fetchpriority", "high");
    await expect(slides.first()).toHaveAttribute("loading", "eager");
    const [a, b] = [await slides.nth(0).boundingBox(), await slides.nth(1).boundingBox()];
    expect(a).toEqual(b);
  });
});

test.describe("home page", { tag: "@js-only" }, () => {
  test("leads to packages, a quick quote, events and the blog", async ({ page }) => {
    await visit(page, "/");
    await expect(page.getByRole("link", { name: "View Packages" })).toHaveAttribute("href", "/packages");
    await expect(page.getByRole("link", { name: "Quick Quote", exact: true })).toHaveAttribute("href", "/quickquote");
    await expect(page.getByRole("link", { name: "Packages and prices" })).toHaveAttribute("href", "/packages");
    await expect(page.getByRole("link", { name: "Read our blog" })).toHaveAttribute("href", "/blog");
    const cta = page.getByRole("region", { name: "Ready to lock in your date?" });
    await expect(cta.getByRole("link", { name: "Get a Quick Quote" })).toHaveAttribute("href", "/quickquote");

    await page.getByRole("link", { name: "Events we love" }).click();
    // A client-side navigation fetches the route's code first; allow for a busy machine.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Photo booths for every event", { timeout: 15_000 });
    await expect(page).toHaveURL(/\/events$/);
  });

  test("shows the banner of the season in Melbourne, explains how it works, lists the service areas and answers four questions", async ({ page }) => {
    await visit(page, "/");
    const banner = seasonalBanner(melbourneDate());
    const region = page.getByRole("region", { name: banner.heading });
    await expect(region).toContainText(banner.text);
    await expect(region.getByRole("link", { name: banner.linkLabel })).toHaveAttribute("href", banner.to);

    await expect(page.getByRole("region", { name: "Four easy steps" }).getByRole("heading", { level: 3 })).toHaveText(
      howItWorks.map((step) => step.title),
    );
    await expect(page.getByRole("region", { name: "Service areas" }).getByRole("listitem")).toHaveText([...serviceAreas]);
    await expect(page.getByRole("region", { name: "What our clients say" }).getByRole("figure")).toHaveCount(3);

    const questions = page.getByRole("region", { name: "Frequently asked questions" });
    await expect(questions.getByRole("group")).toHaveCount(4);
    const travel = faqs.find((faq) => faq.question.includes("travel"))!;
    await expect(questions.getByText(travel.answer)).toBeHidden();
    await questions.getByText(travel.question).click();
    await expect(questions.getByText(travel.answer)).toBeVisible();
  });
});

test("the events page has five cards that link to their pages", { tag: "@js-only" }, async ({ page }) => {
  await visit(page, "/events");
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(5);
  for (const card of eventCards) {
    const article = cards.filter({ has: page.getByRole("heading", { name: card.title, exact: true }) });
    await expect(article.getByRole("link", { name: card.title, exact: true })).toHaveAttribute("href", `/${card.id}`);
    await expect(article.getByRole("listitem")).toHaveText(card.offers);
  }
  await page.getByRole("link", { name: "School Graduations" }).click();
  await expect(page).toHaveURL(/\/graduation$/);
});

test("the packages page shows every list price with an Inquire link and the corporate packages", { tag: "@js-only" }, async ({ page }) => {
  await visit(page, "/packages");
  for (const line of packageLines) {
    for (const item of listPackages.filter((p) => p.line === line.line)) {
      const card = page.getByRole("article", { name: `${item.hours} hours ${line.title}` });
      await expect(card).toContainText(formatAud(item.price));
      await expect(card.getByRole("link", { name: /^Inquire/ })).toHaveAttribute("href", "/quickquote");
    }
  }
  await expect(page.getByRole("link", { name: /^Inquire/ })).toHaveCount(listPackages.length);
  await expect(page.getByRole("article", { name: "5 hours Glam Booth" })).toContainText("Traditional guest book");
  const corporate = page.getByRole("region", { name: "Corporate packages" });
  for (const item of corporatePackages) await expect(corporate).toContainText(`${item.title} ${item.length}`);
});

test.describe("booth pages", { tag: "@js-only" }, () => {
  test("the booths page links to the three booth pages", async ({ page }) => {
    await visit(page, "/photobooths");
    for (const booth of booths) {
      await expect(page.getByRole("link", { name: booth.name, exact: true })).toHaveAttribute("href", booth.path);
    }
    await page.getByRole("link", { name: "Glam Booth", exact: true }).click();
    await expect(page).toHaveURL(/\/glam-booth$/);
  });

  /** What each booth's page shows of its own: a video or none, and what only it says (`about`, in `says`). */
  const ownParts: Record<(typeof booths)[number]["path"], { video: boolean; about?: string; says: string[] }> = {
    "/open-booth": { video: true, says: [] },
    "/glam-booth": { video: false, about: "its black-and-white filter and postcard prints", says: ["postcard-size", "black-and-white AI-style filter"] },
    "/enclosed-booth": { video: true, about: "that it fits three to five people", says: [`fits about ${policy.enclosedBoothCapacity}`] },
  };

  // One visit per booth page checks all it shows.
  for (const booth of booths) {
    const own = ownParts[booth.path];
    const shows = own.video ? "a muted looping video that waits for its turn" : "no video";
    test(`${booth.path} describes the equipment${own.about ? `, ${own.about}` : ""}, shows ${shows} and offers a quick quote`, async ({ page }) => {
      await visit(page, booth.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(booth.name);
      const equipment = page.getByRole("region", { name: "The equipment" });
      await expect(equipment.getByRole("heading", { level: 3 })).toHaveText(["Tablet computer", "Mirrorless camera", "Flash lighting"]);
      await expect(page.getByRole("link", { name: "Quick Quote Now" })).toHaveAttribute("href", "/quickquote");
      for (const text of own.says) await expect(page.getByRole("main")).toContainText(text);

      const video = page.locator("video");
      await expect(video).toHaveCount(own.video ? 1 : 0);
      if (!own.video) return;
      for (const name of ["autoplay", "muted", "loop", "playsinline"]) await expect(video).toHaveAttribute(name, "");
      await expect(video).toHaveAttribute("preload", "none");
      await expect(video).toHaveAttribute("poster", /\.svg$/);
      await expect(video).toHaveAttribute("width", "600");
      await expect(video).toHaveAttribute("height", "400");
      await expect(video.locator("source")).toHaveCount(2);
    });
  }
});

test.describe("backdrop gallery", () => {
  test("shows the four backdrops with decorative emoji hidden from assistive technology", { tag: "@js-only" }, async ({ page }) => {
    await visit(page, "/backdrop");
    await expect(page.getByRole("listitem").getByRole("heading", { level: 2 })).toHaveText(backdrops.map((item) => item.title));
    for (const item of backdrops) await expect(page.getByText(item.description)).toBeVisible();
    const emoji = page.locator(".floating-emoji");
    await expect(emoji).toHaveAttribute("aria-hidden", "true");
    await expect(emoji.locator("span")).toHaveCount(11);
  });

  test("opens a backdrop in a modal that Escape, the close button and a click outside all close", { tag: "@js-only" }, async ({ page }) => {
    await visit(page, "/backdrop");
    const opener = page.getByRole("link", { name: "View larger image of the Floral backdrop" });
    const dialog = page.getByRole("dialog", { name: "Floral backdrop" });

    await opener.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("img", { name: media.backdropFloral.alt })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("links each backdrop to its larger image without JavaScript", { tag: "@no-js-only" }, async ({ page }) => {
    await visit(page, "/backdrop");
    for (const item of backdrops) {
      await expect(page.getByRole("link", { name: `View larger image of the ${item.title} backdrop` })).toHaveAttribute(
        "href",
        media[item.image].src,
      );
    }
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("shows an 'Image Not Found' placeholder in place of an image that fails to load", { tag: "@js-only" }, async ({ page }) => {
    await page.route(`**${media.backdropFloral.src}`, (route) => route.fulfill({ status: 404, body: "" }));
    await visit(page, "/backdrop");
    const frame = (alt: string) => page.locator("[data-image-frame]").filter({ has: page.getByRole("img", { name: alt }) });
    await expect(frame(media.backdropFloral.alt)).toHaveAttribute("data-image-missing", "");
    await expect(frame(media.backdropFloral.alt).getByText("Image Not Found")).toBeVisible();
    await expect(frame(media.backdropWhite.alt).getByText("Image Not Found")).toBeHidden();
    await expect(page.getByRole("img", { name: media.backdropWhite.alt })).toBeVisible();
  });
});
