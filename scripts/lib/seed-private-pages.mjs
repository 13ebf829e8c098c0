/**
 * A booking, or an attendant with an event to come and its print design, on a running local
 * Worker, for the audit of a private page (`npm run audit -- /invoice/:booking/move`,
 * `npm run audit -- /crew/:attendant`), made through the site's own forms as a client and the
 * owner make them: a booking, "Add an attendant" on the owner's home, "Assign" on the booking's
 * owner's page, and the proof upload page (the site's social card as the design). The owner's links
 * are signed by the app's own code with the secrets of .dev.vars, which the local Worker reads too,
 * at generation 0: the audit's own data, where no link was ever taken back.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { importAppModules } from "./app-modules.mjs";
import { projectRoot } from "./local-worker.mjs";
import { ownerSettings } from "./owner-settings.mjs";
import { openOwnerSite } from "./owner-site.mjs";

const day = 86_400_000;

async function answered(response, what, status) {
  if (response.status !== status) throw new Error(`${what} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return response;
}

/** A requested route's placeholders for a private page: each run of the audit seeds one of its own. */
export const bookingPlaceholder = ":booking";
/** A booking with "the deposit now, then monthly": its page shows the plan's instalments (and autopay's offers when card payments are configured). */
export const plannedBookingPlaceholder = ":planned-booking";
export const attendantPlaceholder = ":attendant";

export const isPrivateRoute = (route) => [bookingPlaceholder, plannedBookingPlaceholder, attendantPlaceholder].some((placeholder) => route.includes(placeholder));

/**
 * A booking of `boothType` made through the booking endpoint, as an old client would, on the first
 * date from 60 days on (from 150 with a monthly plan, whose balance must fall due two months or
 * more after booking) that is free on the local Worker (its state is kept between runs): its
 * invoice number and key.
 */
export async function seedBooking(origin, { boothType, fullName, email, paymentOption }) {
  for (let days = paymentOption === "monthly" ? 150 : 60; days < 420; days++) {
    const eventDate = new Date(Date.now() + days * day).toISOString().slice(0, 10);
    const response = await fetch(`${origin}/.netlify/functions/booking`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ fullName, email, phoneNumber: "0491 570 110", eventDate, eventLocation: "Werribee Park Mansion", boothType, packageDuration: "3 Hours", service: "Photobooth", price: 1, message: "", ...(paymentOption ? { paymentOption } : {}) }),
    });
    if (response.status === 409) continue;
    const url = new URL((await (await answered(response, "The booking", 200)).json()).invoiceUrl);
    return { invoiceNumber: url.pathname.split("/").at(-1), key: url.searchParams.get("key") };
  }
  throw new Error(`No free date for the ${boothType} in the year from 60 days on`);
}

/** An attendant assigned to a booking with its print design: their page, site-relative, as the owner's home links it. */
export async function seedAttendant(origin) {
  const app = await importAppModules(`
    export { configSchema } from "~/config.server";
    export { ownerToken } from "~/agenda/tokens.server";
    export { ownerLinkPath } from "~/bookings/record/owner-links.server";
  `);
  const settings = ownerSettings();
  const config = app.configSchema.parse(settings);
  if (!config.OWNER_LINK_SECRET) throw new Error("No OWNER_LINK_SECRET: copy .dev.vars.example to .dev.vars, which the local Worker reads too.");
  // Signed at the generations of the site at `origin`, read through it as the owner's scripts do.
  const { generations } = await openOwnerSite({ site: origin, settings });
  const keys = { config, generations };
  const post = (where, body, headers = {}) => fetch(`${origin}${where}`, { method: "POST", body, headers, redirect: "manual" });
  // A name of its own each run, to find them on the home among earlier runs' attendants.
  const name = `Lan ${Date.now().toString(36)}`;
  const { invoiceNumber } = await seedBooking(origin, { boothType: "Open Booth", fullName: "Nguyễn Thị Mai", email: `${name.replaceAll(" ", ".").toLowerCase()}@example.com` });

  const home = `/owner?token=${await app.ownerToken(keys, "home")}`;
  const fields = { intent: "attendant", name, phone: "0412 000 111", email: "lan@example.com", rate: "35", wwccNumber: "WWC1234567E", wwccExpires: "2099-12-31", "booth-open-booth": "on" };
  await answered(await post(home, new URLSearchParams(fields)), "Adding the attendant", 303);
  const homePage = await (await fetch(`${origin}${home}`)).text();
  const id = new RegExp(`aria-label="Change ${name}&#x27;s details"[\\s\\S]*?name="id" value="(A-[^"]+)"`).exec(homePage)?.[1];
  const page = id && new RegExp(`href="(/crew/${id}\\?sig=[0-9a-f]{64})"`).exec(homePage)?.[1];
  if (!page) throw new Error(`The owner's home does not list ${name} with their page`);

  await answered(await post(await app.ownerLinkPath(keys, invoiceNumber, "booking"), new URLSearchParams({ intent: "assign", attendant: id })), "Assigning the attendant", 303);
  const proof = new FormData();
  proof.set("proof", new Blob([readFileSync(path.join(projectRoot, "public", "images", "social-card.png"))], { type: "image/png" }), "proof.png");
  proof.set("note", "");
  await answered(await post(await app.ownerLinkPath(keys, invoiceNumber, "proof"), proof), "Uploading the proof", 303);
  console.log(`Seeded ${name} on ${invoiceNumber}, with its print design: ${page}`);
  return page;
}
