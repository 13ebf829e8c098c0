import type { Page } from "@playwright/test";
import { eventDate } from "../support/event-dates";
import { validBooking } from "../support/form-data";
import { sentMails } from "../support/fake-mailchannels";
import { noisePng } from "../support/png";
import { expect, test, visit } from "./fixtures";

// Two bookings' worth of pages (the owner's and the client's, four forms) checked with axe, on a shared machine.
test.describe.configure({ timeout: 90_000 });

const details = { startTime: "18:30", venueAddress: "12 Station Place, Werribee VIC 3030", contactName: "Trần Văn Bình", contactMobile: "0412 345 678", accessNotes: "", printLine1: "Lan & Minh", printLine2: "14 July" };

/** The owner's page of the booking, linked from the e-mail that says the client's details arrived, once the queue has sent it. */
async function ownerPageLink(invoiceNumber: string): Promise<string> {
  const link = new RegExp(`Your page of booking ${invoiceNumber}: (\\S+)`);
  let url: string | undefined;
  await expect
    .poll(async () => (url = (await sentMails(process.env.E2E_MAIL_URL!)).map((mail) => mail.text.match(link)?.[1]).find(Boolean)), { message: `the details e-mail of ${invoiceNumber}`, timeout: 20_000 })
    .toBeDefined();
  return new URL(url!).pathname + new URL(url!).search;
}

async function uploadProof(page: Page, ownerPath: string, version: number, note: string) {
  await visit(page, ownerPath);
  await page.getByLabel("The proof (PNG, JPEG or PDF, at most 10 MB)").setInputFiles({ name: `proof-${version}.png`, mimeType: "image/png", buffer: noisePng(60, 40) });
  await page.getByLabel("A note to the client (optional)").fill(note);
  await page.getByRole("button", { name: "Upload and send to the client" }).click();
  await expect(page.getByText(`Version ${version} is on the client's booking page`)).toBeVisible();
  await expect(page.getByText(new RegExp(`^Version ${version}, uploaded .*: not answered yet`))).toBeVisible();
}

test("the owner uploads a proof, the client asks for a change, the owner uploads version 2 and the client approves it", async ({ page }) => {
  const scriptsOn = test.info().project.name === "js";
  const booking = await page.request.post("/.netlify/functions/booking", {
    data: { ...validBooking, eventDate: eventDate("proofs", scriptsOn ? 10 : 20), boothType: "Open Booth", packageDuration: "3 Hours" },
  });
  expect(booking.status()).toBe(200);
  const { invoiceNumber, invoiceUrl } = (await booking.json()) as { invoiceNumber: string; invoiceUrl: string };
  const clientPath = new URL(invoiceUrl).pathname + new URL(invoiceUrl).search;
  expect((await page.request.post(`/invoice/${invoiceNumber}/details?key=${new URL(invoiceUrl).searchParams.get("key")}`, { data: details })).status()).toBe(200);
  // From the owner's page, its link to the upload page.
  await visit(page, await ownerPageLink(invoiceNumber));
  const ownerPath = (await page.getByRole("link", { name: "Upload a print design proof" }).getAttribute("href"))!;

  await uploadProof(page, ownerPath, 1, "Gold foil on the names");
  await expect(page.getByText("Lan & Minh / 14 July")).toBeVisible();

  await visit(page, clientPath);
  // With JavaScript the answers are made in the page: a mark left on the window survives both.
  if (scriptsOn) await page.evaluate(() => Object.assign(window, { stayed: true }));
  const proof = page.getByRole("region", { name: "Your print design" });
  await expect(proof.getByText("Our note: Gold foil on the names")).toBeVisible();
  await expect(proof.getByRole("img", { name: "Proof of your print design, version 1" })).toBeVisible();
  await proof.getByLabel("What should we change?").fill("Please make the names bigger.");
  await proof.getByRole("button", { name: "Ask for changes" }).click();
  await expect(proof.getByText(/^Changes asked on \w+day \d+ \w+ \d{4}: Please make the names bigger\.$/)).toBeVisible();
  await expect(proof.getByRole("button", { name: "Approve this design" })).toHaveCount(0);

  await uploadProof(page, ownerPath, 2, "Names twice as big");
  await expect(page.getByText(/^Version 1, uploaded .*: Changes asked on .*Please make the names bigger\.$/)).toBeVisible();

  await visit(page, clientPath);
  if (scriptsOn) await page.evaluate(() => Object.assign(window, { stayed: true }));
  await expect(proof.getByRole("img", { name: "Proof of your print design, version 2" })).toBeVisible();
  await proof.getByLabel("Your full name, to approve this design").fill("Jane Citizen");
  await proof.getByRole("button", { name: "Approve this design" }).click();
  await expect(proof.getByText(/^Approved by Jane Citizen on \w+day \d+ \w+ \d{4}$/)).toBeVisible();
  await expect(proof.getByRole("button", { name: "Approve this design" })).toHaveCount(0);
  if (scriptsOn) expect(await page.evaluate(() => "stayed" in window)).toBe(true);
});
