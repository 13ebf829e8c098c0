/**
 * The first interaction with every enhanced control, as a phone user makes it: a tap (or a choice
 * in a list) the moment the page has loaded, with no pointer moving first and the app's scripts
 * still on their way (held back until the test releases them). Each must do what it does with
 * JavaScript, or, where it needs no JavaScript, exactly what it does without. The list of
 * controls and how each behaves before hydration is in docs/architecture.md, "Before hydration".
 */
import { devices, type Page } from "@playwright/test";
import { bookingPage, business } from "../../app/business";
import { formatCents } from "../../app/bookings/record/amounts";
import { media } from "../../app/media";
import { formatDateInWords } from "../../app/utils/date-words";
import { addOnField } from "../../app/input/fields";
import { priceSheet, sheetSold, withRule } from "../../app/prices/price-sheet";
import { bookingDurations, bookingPrice, boothTypes } from "../../app/pricing";
import { eventDate } from "../support/event-dates";
import { validBooking, validQuote } from "../support/form-data";
import { phonePhotoFile } from "./phone-photo";
import { expect, holdScripts, isHydrated, test, untilHydrated } from "./fixtures";
import { bookingForm, fillBooking, fillContact, fillQuote, footerForm, quoteForm } from "./form-filling";

const { defaultBrowserType: _browser, ...phone } = devices["Pixel 7"];
test.use({ ...phone });
test.describe.configure({ timeout: 90_000 });

/** Marks the page's window, so a test can tell a page load (the mark gone) from React's in-page work (still there). */
const markWindow = (page: Page) => page.evaluate(() => Object.assign(window, { samePage: true }));
const stillSamePage = (page: Page) => page.evaluate(() => "samePage" in window);

/** The paths of the page's POSTs from now on. */
function postsOf(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
  });
  return posts;
}

test.describe("the first tap before React has loaded", { tag: "@js-only" }, () => {
  test("opens the backdrop dialog, and its close button, Escape and a tap outside close it, all on /backdrop", async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto("/backdrop");
    const opener = page.getByRole("link", { name: "View larger image of the Black backdrop" });
    const dialog = page.getByRole("dialog", { name: "Black backdrop" });
    await opener.tap();
    await expect.poll(() => scripts.requested.length).toBeGreaterThan(0);
    await expect(page).toHaveURL(/\/backdrop$/);
    expect(await isHydrated(page)).toBe(false);
    scripts.release();
    await untilHydrated(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("img", { name: media.backdropBlack.alt })).toBeVisible();

    await dialog.getByRole("button", { name: "Close" }).tap();
    await expect(dialog).toBeHidden();
    await opener.tap();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await opener.tap();
    await expect(dialog).toBeVisible();
    await page.touchscreen.tap(5, 5);
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/backdrop$/);
  });

  test("shows 'Image Not Found' in place of an image whose download broke off as the page loaded, in the same box", async ({ page }) => {
    await holdScripts(page);
    // The first backdrop: on a phone the others are further down, and load only as the reader nears them.
    await page.route(`**${media.backdropBlack.src}`, (route) => route.abort("connectionreset"));
    await page.goto("/backdrop");
    const frame = (alt: string) => page.locator("[data-image-frame]").filter({ has: page.getByRole("img", { name: alt }) });
    await expect(frame(media.backdropBlack.alt).getByText("Image Not Found")).toBeVisible();
    await expect(frame(media.backdropWhite.alt).getByText("Image Not Found")).toBeHidden();
    const [broken, fine] = await Promise.all([frame(media.backdropBlack.alt).boundingBox(), frame(media.backdropWhite.alt).boundingBox()]);
    expect([broken?.width, broken?.height]).toEqual([fine?.width, fine?.height]);
    expect(await isHydrated(page)).toBe(false);
  });

  test("prices every booth and duration chosen without a touch or focus, before React and after", async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto("/booking");
    const form = bookingForm(page);
    const price = form.getByLabel("Price (AUD)");
    const choose = async (booth: string, hours: string) => {
      await form.getByLabel("Booth type").selectOption(booth);
      await form.getByLabel("Package duration").selectOption(hours);
      await expect(price).toHaveValue(String(bookingPrice(booth as (typeof boothTypes)[number], hours as (typeof bookingDurations)[number])));
    };
    for (const booth of boothTypes) for (const hours of bookingDurations) await choose(booth, hours);
    expect(await isHydrated(page)).toBe(false);
    scripts.release();
    await untilHydrated(page);
    await expect(price).toHaveValue(String(bookingPrice(boothTypes.at(-1), bookingDurations.at(-1))));
    await choose("Open Booth", "2 Hours");
    await choose("Enclosed Booth", "4 Hours");
  });

  test("prices an add-on ticked before React line by line, with the date's rule, and React keeps that price", async ({ page }) => {
    // React takes over the summary the boot script filled in without a hydration error.
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => (message.type() === "error" ? errors.push(message.text()) : undefined));
    const scripts = await holdScripts(page);
    await page.goto("/booking");
    const form = bookingForm(page);
    // A Thursday: the weekday's 10% off shows as its own line.
    const date = eventDate("firstTap", 5);
    await form.getByRole("checkbox", { name: /^USB of every photo/ }).tap();
    await form.getByLabel("Booth type").selectOption("Open Booth");
    await form.getByLabel("Package duration").selectOption("2 Hours");
    await form.getByLabel("Event date").fill(date);
    const choice = { boothType: "Open Booth", packageDuration: "2 Hours", eventDate: date, extraHours: 0, addOns: ["usb"], backdrop: null };
    const lines = withRule(sheetSold(priceSheet(addOnField), choice), { label: "Weekday (Monday to Thursday) -10%", percent: -10 });
    const expected = { lines, totalCents: lines.reduce((sum, line) => sum + line.cents, 0) };
    const summary = form.getByRole("region", { name: "Your price" });
    const shown = async () => {
      await expect(summary.getByRole("listitem").filter({ visible: true })).toHaveText(expected.lines.map((line) => `${line.label}${formatCents(line.cents)}`));
      await expect(summary).toContainText(`Total (GST included): ${formatCents(expected.totalCents)}`);
    };
    await shown();
    expect(await isHydrated(page)).toBe(false);
    scripts.release();
    await untilHydrated(page);
    await shown();
    expect(errors).toEqual([]);
  });

  test("shows the price of a booth and duration the browser restored on going back", async ({ page }) => {
    await holdScripts(page);
    await page.goto("/booking");
    const form = bookingForm(page);
    await form.getByLabel("Booth type").selectOption("Enclosed Booth");
    await form.getByLabel("Package duration").selectOption("4 Hours");
    await page.goto("/packages");
    await page.goBack();
    // Whatever the browser brought back, the price is that of the booth and duration shown.
    const shown = await Promise.all([form.getByLabel("Booth type").inputValue(), form.getByLabel("Package duration").inputValue()]);
    await expect(form.getByLabel("Price (AUD)")).toHaveValue(String(bookingPrice(shown[0] as (typeof boothTypes)[number], shown[1] as (typeof bookingDurations)[number])));
  });

  test("fills the booking's date from a free day tapped in the calendar, without leaving the page", async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto("/booking");
    await markWindow(page);
    const day = page.getByRole("button", { name: /: free \(.*\)\. Choose this date$/ }).first();
    const action = (await day.getAttribute("formaction"))!;
    const date = /date=(\d{4}-\d{2}-\d{2})/.exec(action)![1]!;
    await day.tap();
    await expect.poll(() => scripts.requested.length).toBeGreaterThan(0);
    scripts.release();
    await untilHydrated(page);
    await expect(bookingForm(page).getByLabel("Event date")).toHaveValue(date);
    await expect(page).toHaveURL(/\/booking$/);
    expect(await stillSamePage(page)).toBe(true);
  });

  test("fills the move page's new date from a free day tapped in its calendar, with the day's difference and due dates, without leaving the page or moving anything", async ({ page }) => {
    // The client's Glam Booth on the 2nd, moved to the 3rd.
    const booked = await page.request.post("/.netlify/functions/booking", {
      data: { ...validBooking, fullName: "Mai First Tap", eventDate: eventDate("bookingOnAPhone", 2), boothType: "Glam Booth", packageDuration: "3 Hours" },
    });
    expect(booked.status()).toBe(200);
    const invoice = new URL(((await booked.json()) as { invoiceUrl: string }).invoiceUrl);
    const newDate = eventDate("bookingOnAPhone", 3);
    const scripts = await holdScripts(page);
    const posts = postsOf(page);
    await page.goto(`${invoice.pathname}/move${invoice.search}`);
    await markWindow(page);
    await page.getByRole("button", { name: new RegExp(`^${formatDateInWords(newDate)}: free \\(Glam Booth\\)`) }).tap();
    await expect.poll(() => scripts.requested.length).toBeGreaterThan(0);
    expect(await isHydrated(page)).toBe(false);
    scripts.release();
    await untilHydrated(page);
    await expect(page.getByLabel("New date")).toHaveValue(newDate);
    await expect(page.getByText(new RegExp(`^Moving to ${formatDateInWords(newDate)}: price difference \\+\\$0\\.00`))).toBeVisible();
    await expect(page.getByText(/^On that date: Deposit, due by .*; Balance, due by /)).toBeVisible();
    expect(new URL(page.url()).searchParams.has("date")).toBe(false);
    expect(await stillSamePage(page)).toBe(true);
    // The tap was replayed once, in the page: nothing posted, the booking still on its date.
    expect(posts).toEqual([]);
    await expect(page.getByRole("button", { name: "Move my booking to this date" })).toBeVisible();
  });

  test("follows the quote page's month link and opens the quote form from a free day tapped there, as without JavaScript", async ({ page }) => {
    // A quote for an Enclosed Booth on the 9th, which a booking then takes: the page shows the booth's month.
    const asked = eventDate("bookingOnAPhone", 9);
    const quoted = await page.request.post("/quickquote", { form: { ...validQuote, website: "", eventDate: asked, service: "Enclosed Booth" }, maxRedirects: 0 });
    expect(quoted.status()).toBe(303);
    const thankYou = new URL(quoted.headers().location!, "http://site.test");
    const booked = await page.request.post("/.netlify/functions/booking", { data: { ...validBooking, fullName: "Mai Quote Tap", eventDate: asked, boothType: "Enclosed Booth" } });
    expect(booked.status()).toBe(200);
    const scripts = await holdScripts(page);
    const posts = postsOf(page);
    await page.goto(`/quote/${thankYou.searchParams.get("quote")}?key=${thankYou.searchParams.get("key")}`);
    const calendar = page.getByRole("region", { name: "Free dates" });
    await expect(calendar.getByRole("table")).toHaveAccessibleName(/: Enclosed Booth$/);
    const next = calendar.getByRole("navigation", { name: "Calendar months" }).getByRole("link").last();
    const nextMonth = new URL(await next.evaluate((link: HTMLAnchorElement) => link.href)).searchParams.get("month")!;
    await next.tap();
    await expect(page).toHaveURL(new RegExp(`[?&]month=${nextMonth}#calendar-heading$`));
    const monthName = new Intl.DateTimeFormat("en-AU", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${nextMonth}-01T00:00:00Z`));
    await expect(calendar.getByRole("table")).toHaveAccessibleName(`${monthName}: Enclosed Booth`);
    expect(await isHydrated(page)).toBe(false);

    const day = calendar.getByRole("link", { name: /: free \(Enclosed Booth\)/ }).first();
    const date = new URL(await day.evaluate((link: HTMLAnchorElement) => link.href)).searchParams.get("date")!;
    await day.tap();
    await expect(page).toHaveURL(new RegExp(`^[^?]*/quickquote\\?month=${nextMonth}&booth=enclosed-booth&date=${date}&hours=3hrs$`));
    await markWindow(page);
    const form = quoteForm(page);
    await expect(form.getByLabel("Event date")).toHaveValue(date);
    await expect(form.getByLabel("Service")).toHaveValue("Enclosed Booth");
    scripts.release();
    // The taps were on the pages before: this one loads React at its own first touch.
    await form.getByLabel("Full name").tap();
    await untilHydrated(page);
    // React takes the page over as it is: the date kept, nothing sent, no page load.
    await expect(form.getByLabel("Event date")).toHaveValue(date);
    expect(await stillSamePage(page)).toBe(true);
    expect(posts).toEqual([]);
  });

  const forms = [
    {
      name: "the quote form",
      path: "/quickquote",
      fill: (page: Page) => fillQuote(quoteForm(page)),
      send: (page: Page) => quoteForm(page).getByRole("button", { name: "Get my quote" }),
      post: "/quickquote.data",
      after: (page: Page) => expect(quoteForm(page).getByRole("status")).toHaveText("Thank you! Your quote request has been sent successfully."),
    },
    {
      name: "the booking form",
      path: "/booking",
      fill: (page: Page) => fillBooking(bookingForm(page), { date: eventDate("firstTap", 1) }),
      send: (page: Page) => bookingForm(page).getByRole("button", { name: "Submit booking" }),
      post: "/booking.data",
      after: (page: Page) => expect(bookingForm(page).getByRole("status")).toHaveText("Booking submitted! Booking confirmation sent."),
    },
    {
      name: "the contact form",
      path: "/privacy",
      fill: (page: Page) => fillContact(footerForm(page)),
      send: (page: Page) => footerForm(page).getByRole("button", { name: "Send" }),
      post: "/contact.data",
      after: (page: Page) => expect(page).toHaveURL(/\/thankyou$/),
    },
  ];
  for (const form of forms) {
    test(`sends ${form.name} the in-page way when Send is tapped before React is ready`, async ({ page }) => {
      const scripts = await holdScripts(page);
      const posts = postsOf(page);
      await page.goto(form.path);
      await markWindow(page);
      await form.fill(page);
      await form.send(page).tap();
      await expect.poll(() => scripts.requested.length).toBeGreaterThan(0);
      expect(posts).toEqual([]);
      scripts.release();
      await untilHydrated(page);
      await form.after(page);
      expect(posts).toEqual([form.post]);
      expect(await stillSamePage(page)).toBe(true);
    });
  }

  test("answers the home page's date box in the page", async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto("/");
    await markWindow(page);
    const box = page.getByRole("region", { name: "Check your date" });
    await box.getByLabel("Event date").fill(eventDate("firstTap", 2));
    await box.getByRole("button", { name: "Check" }).tap();
    await expect.poll(() => scripts.requested.length).toBeGreaterThan(0);
    scripts.release();
    await untilHydrated(page);
    await expect(box.getByRole("status")).toContainText(/free\.|booked on/);
    await expect(page).toHaveURL(new RegExp(`date=${eventDate("firstTap", 2)}`));
    expect(await stillSamePage(page)).toBe(true);
  });

  test("shows the Twitter notice", async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto("/");
    const alerts: string[] = [];
    page.on("dialog", async (dialog) => {
      alerts.push(dialog.message());
      await dialog.dismiss();
    });
    await page.getByRole("button", { name: "Twitter" }).tap();
    await expect.poll(() => scripts.requested.length).toBeGreaterThan(0);
    scripts.release();
    await expect.poll(() => alerts).toEqual([business.twitterNotice]);
  });

  test("opens the menu and leads to its page, with the menu closed there", async ({ page }) => {
    await holdScripts(page);
    await page.goto("/");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await page.getByLabel("Menu").tap();
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "PACKAGES" }).tap();
    await expect(page).toHaveURL(/\/packages$/);
    await expect(menu).toBeHidden();
  });

  test("offers the suburb suggestions as soon as the location field is tapped", async ({ page }) => {
    await holdScripts(page);
    await page.goto("/quickquote");
    const location = quoteForm(page).getByLabel("Event location");
    await location.tap();
    await expect.poll(() => location.evaluate((input: HTMLInputElement) => input.list?.options.length ?? 0)).toBeGreaterThan(1000);
    expect(await isHydrated(page)).toBe(false);
  });

  test("turns the hero's slides with no script at all", async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto("/");
    const running = await page.locator(".hero-slide").evaluateAll((slides) => slides.map((slide) => slide.getAnimations().some((animation) => animation.playState === "running")));
    const reducedMotion = await page.evaluate(() => matchMedia("(prefers-reduced-motion: reduce)").matches);
    // The second slide fades in and out over the first.
    expect(running).toEqual(reducedMotion ? [false, false] : [false, true]);
    expect(scripts.requested).toEqual([]);
  });

  test("goes to the card checkout at once from the booking page's pay button", async ({ page }) => {
    await holdScripts(page);
    const booking = await page.request.post("/.netlify/functions/booking", {
      data: { ...validBooking, fullName: "Nguyễn Văn Tâm", eventDate: eventDate("firstTap", 3), boothType: "Enclosed Booth", packageDuration: "3 Hours" },
    });
    expect(booking.status()).toBe(200);
    const { invoiceUrl } = (await booking.json()) as { invoiceUrl: string };
    // Stripe's hosted checkout is another site: the stand-in for other sites answers it (third-parties.ts).
    await page.goto(new URL(invoiceUrl).pathname + new URL(invoiceUrl).search);
    // The scripts are never released: the checkout is a plain form post and needs none.
    await page.getByRole("button", { name: /^Pay \$[\d,.]+ now$/ }).tap();
    await expect(page).toHaveURL(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_\w+$/);
  });

  test("scales a phone photo given as the logo down and saves it when Save is tapped before React has loaded", async ({ page }) => {
    const booking = await page.request.post("/.netlify/functions/booking", {
      data: { ...validBooking, eventDate: eventDate("firstTap", 4), boothType: "Enclosed Booth", packageDuration: "3 Hours" },
    });
    expect(booking.status()).toBe(200);
    const { invoiceUrl } = (await booking.json()) as { invoiceUrl: string };
    const scripts = await holdScripts(page);
    // The page lets held-back posts go as plain ones 15 s after the first touch (a stalled network);
    // filling four fields and a large photo can take longer than that on a busy machine, so the
    // page's clock stands still from the first touch until the scripts arrive.
    await page.clock.install();
    await page.goto(new URL(invoiceUrl).pathname + new URL(invoiceUrl).search);
    await page.clock.pauseAt(Date.now() + 1_000);
    await markWindow(page);
    const event = page.getByRole("region", { name: "Your event" });
    await event.getByLabel("Start time").fill("18:30");
    await event.getByLabel("The venue's street address").fill("12 Station Place, Werribee VIC 3030");
    await event.getByLabel("Contact on the day: name").fill("Trần Văn Bình");
    await event.getByLabel("Contact on the day: mobile").fill("0412 345 678");
    await event.getByLabel(/^Logo for the prints/).setInputFiles(await phonePhotoFile());
    // Scaling 11 MB of noise down takes the browser seconds on a busy machine: the save's answer is what is waited for.
    const answered = page.waitForResponse((response) => response.request().method() === "POST");
    await event.getByRole("button", { name: "Save the event's details" }).tap();
    expect(await isHydrated(page)).toBe(false);
    scripts.release();
    await page.clock.resume();
    await answered;
    const saved = event.getByRole("link", { name: "Open the logo you gave us" });
    await expect(saved).toBeVisible();
    expect(await stillSamePage(page)).toBe(true);
    const logo = await page.request.get((await saved.getAttribute("href"))!);
    expect((await logo.body()).length).toBeLessThanOrEqual(bookingPage.logoMaxBytes);
  });
});

test.describe("a broken image without JavaScript", { tag: "@no-js-only" }, () => {
  test("shows the 'Image Not Found' placeholder over it, in the same box", async ({ page, browser }) => {
    await page.route(`**${media.backdropFloral.src}`, (route) => route.abort("connectionreset"));
    await page.goto("/backdrop");
    const frame = page.locator("[data-image-frame]").filter({ has: page.getByRole("img", { name: media.backdropFloral.alt }) });
    await expect.poll(() => frame.locator("img").evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth === 0)).toBe(true);
    const shot = await frame.screenshot();
    // This page has no JavaScript: a page of its own reads the screenshot's pixels.
    const reader = await (await browser.newContext()).newPage();
    const colour = await reader.evaluate(async (png) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = Object.assign(document.createElement("canvas"), { width: image.width, height: image.height });
      const context = canvas.getContext("2d")!;
      context.drawImage(image, 0, 0);
      return [...context.getImageData(Math.round(image.width * 0.1), Math.round(image.height * 0.1), 1, 1).data.slice(0, 3)];
    }, shot.toString("base64"));
    // The placeholder's background (image-not-found.svg), where a broken image would show the card's lilac.
    const placeholder = [0xe6, 0xe0, 0xd6];
    colour.forEach((channel, index) => expect(Math.abs(channel - placeholder[index]!)).toBeLessThanOrEqual(3));
    await reader.context().close();
  });
});
