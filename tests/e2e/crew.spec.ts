/**
 * Attendants on a phone, with JavaScript and without (docs/product-decisions.md, "Attendants"):
 * the owner adds an attendant on their home, assigns them from a booking's page (an overlapping
 * assignment is refused with the reason), the attendant's e-mail opens their page and they accept;
 * the client moves the event, the attendant is told and their page and feed show the new date, with
 * the event's print design; the owner takes back that attendant's link (404) while another
 * attendant's still works.
 * axe checks every page state (fixtures.ts).
 */
import { devices, type Page } from "@playwright/test";
import { eventDate } from "../support/event-dates";
import { sentMails } from "../support/fake-mailchannels";
import { validBooking } from "../support/form-data";
import { homeToken, ownerLink } from "../support/links";
import { noisePng } from "../support/png";
import { formatDateInWords } from "../../app/utils/date-words";
import { expect, test, visit } from "./fixtures";

const { defaultBrowserType: _browser, ...phone } = devices["Pixel 7"];
test.use({ ...phone });
// One long story: the owner's home twice, two owner's pages, the attendant's page twice.
test.describe.configure({ timeout: 120_000 });

/** As playwright.config.ts gives the site. */
const linkSecret = "e2e-owner-link-secret-for-tests-only-0123456789";

const project = () => test.info().project.name;

async function book(page: Page, day: number, boothType: string) {
  const response = await page.request.post("/.netlify/functions/booking", {
    data: { ...validBooking, email: `crew-${project()}@example.com`, fullName: "Trần Thị Mai", eventDate: eventDate("crew", day + (project() === "js" ? 0 : 4)), boothType, packageDuration: "3 Hours" },
  });
  expect(response.status()).toBe(200);
  const url = new URL(((await response.json()) as { invoiceUrl: string }).invoiceUrl);
  return { invoiceNumber: url.pathname.split("/").at(-1)!, key: url.searchParams.get("key")! };
}

test("the owner adds an attendant and assigns them; an overlapping event is refused with the reason; the attendant accepts from their e-mail, hears of a move and sees it on their page and feed; their link is taken back alone", async ({ page }) => {
  const name = `Lan ${project()}`;
  const email = `lan-${project()}@example.com`;
  await visit(page, `/owner?token=${await homeToken(linkSecret)}`);
  // The floating Book Now would cover the owner's and the attendant's own buttons on a phone.
  await expect(page.getByRole("link", { name: "Book Now" })).toHaveCount(0);
  const add = page.getByRole("form", { name: "Add an attendant" });
  await add.getByLabel("Name").fill(name);
  await add.getByLabel("Phone").fill("0412 000 111");
  await add.getByLabel("E-mail").fill(email);
  await add.getByLabel("Open Booth").check();
  await add.getByLabel("Glam Booth").check();
  await add.getByLabel("Hourly rate (dollars)").fill("35");
  await add.getByLabel("Working with Children Check number").fill("WWC1234567E");
  await add.getByLabel("Check expires on").fill("2099-12-31");
  await add.getByRole("button", { name: "Add them" }).click();
  await expect(page.getByRole("status").filter({ hasText: /\S/ }).first()).toContainText(`Added ${name} to your crew.`);

  const [{ invoiceNumber: first, key: firstKey }, { invoiceNumber: second }] = [await book(page, 20, "Open Booth"), await book(page, 20, "Glam Booth")];
  await visit(page, await ownerLink(linkSecret, first, "booking"));
  const assign = page.getByRole("form", { name: "Assign an attendant" });
  await assign.getByLabel("Assign").selectOption({ label: `${name} (free)` });
  await assign.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByRole("region", { name: "Attendants" })).toContainText(`${name}: not answered yet`);
  const uploaded = await page.request.post(await ownerLink(linkSecret, first, "proof"), { multipart: { proof: { name: "proof.png", mimeType: "image/png", buffer: noisePng(60, 40) }, note: "" }, maxRedirects: 0 });
  expect(uploaded.status()).toBe(303);

  await visit(page, await ownerLink(linkSecret, second, "booking"));
  await expect(page.getByRole("form", { name: "Assign an attendant" }).getByLabel("Assign")).toContainText(`${name} (not free: ${name} is already on ${first} that day`);

  let link: string | undefined;
  await expect
    .poll(async () => (link = (await sentMails(process.env.E2E_MAIL_URL!)).filter((mail) => mail.to === email).map((mail) => /Your events: (http\S+)/.exec(mail.text)?.[1]).find(Boolean)), { timeout: 20_000 })
    .toBeTruthy();
  await visit(page, new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${name}'s events`);
  await expect(page.getByRole("link", { name: "Book Now" })).toHaveCount(0);
  await page.getByRole("form", { name: `Accept ${first}` }).getByRole("button", { name: "Accept" }).click();
  await expect(page.getByRole("status").filter({ hasText: /\S/ }).first()).toContainText(`You accepted ${first}.`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  const lanPage = new URL(page.url()).pathname + new URL(page.url()).search.replace(/&done=[^&#]*/, "");

  // The client moves the event: Lan is told, and their page and feed show the new date.
  const newDate = eventDate("crew", 21 + (project() === "js" ? 0 : 4));
  expect((await page.request.post(`/invoice/${first}/move?key=${firstKey}`, { form: { newDate }, maxRedirects: 0 })).status()).toBe(303);
  await expect.poll(async () => (await sentMails(process.env.E2E_MAIL_URL!)).filter((mail) => mail.to === email).map((mail) => mail.subject), { timeout: 20_000 }).toContain(`Your event ${first} has changed – Bluestone Photo Booths`);
  await visit(page, lanPage);
  await expect(page.getByRole("article")).toContainText(formatDateInWords(newDate));
  // The print design, under Lan's own link of it.
  const design = page.getByRole("img", { name: `Version 1 of ${first}'s print design` });
  await expect(design).toBeVisible();
  await expect.poll(() => design.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(60);
  expect(await design.getAttribute("src")).toMatch(new RegExp(`^/crew/A-[^/]+/proof/${first}/1\\?sig=[0-9a-f]{64}$`));
  // The feed under its own read-only address, from the page's link.
  const feedPath = await page.getByRole("link", { name: "Your events as a calendar" }).getAttribute("href");
  const feed = await (await page.request.get(feedPath!)).text();
  expect(feed).toContain(`DTSTART;VALUE=DATE:${newDate.replaceAll("-", "")}`);

  // Another attendant's link keeps working when Lan's is taken back.
  const other = `Minh ${project()}`;
  await visit(page, `/owner?token=${await homeToken(linkSecret)}`);
  const addOther = page.getByRole("form", { name: "Add an attendant" });
  await addOther.getByLabel("Name").fill(other);
  await addOther.getByLabel("Phone").fill("0412 000 222");
  await addOther.getByLabel("E-mail").fill(`minh-${project()}@example.com`);
  await addOther.getByLabel("Open Booth").check();
  await addOther.getByLabel("Hourly rate (dollars)").fill("30");
  await addOther.getByLabel("Working with Children Check number").fill("WWC7654321E");
  await addOther.getByLabel("Check expires on").fill("2099-12-31");
  await addOther.getByRole("button", { name: "Add them" }).click();
  await expect(page.getByRole("status").filter({ hasText: /\S/ }).first()).toContainText(`Added ${other} to your crew.`);
  // Each attendant's page is inside their closed entry; its address is read, not followed.
  const otherPage = await page.locator("details", { hasText: other }).locator('a[href^="/crew/"]').getAttribute("href");
  await page.getByText(new RegExp(`^${name}:`)).click();
  await page.getByRole("form", { name: `Send ${name} a fresh link` }).getByRole("button").click();
  await expect(page.getByRole("status").filter({ hasText: /\S/ }).first()).toContainText(`Took back ${name}'s old link`);
  expect((await page.request.get(lanPage)).status()).toBe(404);
  expect((await page.request.get(otherPage!)).status()).toBe(200);
});
