#!/usr/bin/env node
/**
 * Prints the owner's addresses: the owner's home and numbers (signed with OWNER_LINK_SECRET), the calendar
 * feed's and the accountant's export of last month, made from OWNER_FEED_SECRET; with
 * `--booking PB-…` the owner's page of that booking (with `--refund PB-…` its Refund link, with
 * `--proof PB-…` the one to upload its print design proof), signed with OWNER_LINK_SECRET; with
 * `--day YYYY-MM-DD` that date's day sheet, signed with OWNER_DAY_SECRET. With `--revoke KIND` it
 * takes back every link of one kind (feed, export, day-sheet, confirm, cancel, refund…: the kinds
 * of app/links/kinds.ts) by moving the kind's generation on; the old links answer 404 and every
 * other kind keeps working (docs/operations.md, "Every link and token"). With `--revoke-booking
 * PB-…` it takes back every owner link of that one booking (its page and its action links) by
 * moving the booking's own generation on; every other booking's keep working.
 *
 *   npm run owner:links
 *   npm run owner:links -- --booking PB-20261122-473
 *   npm run owner:links -- --refund PB-20261122-473
 *   npm run owner:links -- --proof PB-20261122-473
 *   npm run owner:links -- --day 2027-03-14
 *   npm run owner:links -- --revoke feed
 *   npm run owner:links -- --revoke-booking PB-20261122-473
 *
 * The links are made by the Worker's own code, bundled on the fly, from the settings checked by
 * the Worker's own schema, at the generations the site keeps (read and moved through the site, with
 * requests signed with OWNER_LINK_SECRET: scripts/lib/owner-site.mjs; over the data `npm start`
 * keeps, stop the local site first; with `--site http://localhost:8787` the one `npm start` serves; or
 * with `--remote` the live site). The settings come from
 * wrangler.toml and .dev.vars, or the environment; for the live site:
 * `OWNER_FEED_SECRET=… OWNER_LINK_SECRET=… OWNER_DAY_SECRET=… SITE_ORIGIN=https://… npm run owner:links -- --remote`.
 */
import { parseArgs } from "node:util";
import { importAppModules } from "./lib/app-modules.mjs";
import { openOwnerSite } from "./lib/owner-site.mjs";
import { ownerSettings } from "./lib/owner-settings.mjs";

const app = await importAppModules(`
  export { agenda, lifecycle } from "~/business";
  export { configSchema } from "~/config.server";
  export { daySheetUrls, ownerFeedUrls, ownerHomeUrl, ownerNumbersUrl } from "~/agenda/tokens.server";
  export { isIsoDate } from "~/content/dates";
  export { isInvoiceNumber } from "~/input/invoice-number";
  export { ownerActionLinks } from "~/bookings/record/owner-links.server";
  export { hasGeneration, isSignedLinkKind, signedKinds, storedKeyKinds } from "~/links/kinds";
  export { linkGeneration } from "~/links/signing.server";
`);

function fail(message) {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({
  options: { booking: { type: "string" }, refund: { type: "string" }, proof: { type: "string" }, day: { type: "string" }, revoke: { type: "string" }, "revoke-booking": { type: "string" }, remote: { type: "boolean", default: false }, site: { type: "string" } },
});

if (values.revoke !== undefined) {
  const kind = values.revoke;
  if (app.storedKeyKinds.includes(kind)) fail(`A client's ${kind} is stored with the booking or quote, not signed: it has no generation (docs/operations.md, "Every link and token").`);
  if (!app.isSignedLinkKind(kind)) fail(`Not a kind of link: ${kind}. Give one of ${Object.keys(app.signedKinds).join(", ")}.`);
  if (kind === "link-generations") fail(`A ${kind} request cannot be taken back: it is good for minutes only; to stop whoever could sign one, change OWNER_LINK_SECRET (docs/operations.md, "Every link and token").`);
  if (!app.hasGeneration(kind)) fail(`A ${kind} link cannot be taken back: it must keep working for 30 days after its e-mail was sent (the Spam Act 2003), and it only stops e-mails (docs/operations.md, "Every link and token").`);
}
const signed = ["booking", "refund", "proof"].find((kind) => values[kind] !== undefined) ?? null;
if (signed && !app.isInvoiceNumber(values[signed])) fail(`Not an invoice number: ${values[signed]}. Give one like PB-20261122-473.`);
if (values.day !== undefined && !app.isIsoDate(values.day)) fail(`Not a date: ${values.day}. Give one like 2027-03-14.`);
if (values["revoke-booking"] !== undefined && !app.isInvoiceNumber(values["revoke-booking"])) fail(`Not an invoice number: ${values["revoke-booking"]}. Give one like PB-20261122-473.`);

const settings = ownerSettings();
const site = await openOwnerSite({ remote: values.remote, site: values.site, settings }).catch((error) => fail(error.message));
try {
  await run(site.generations);
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await site.stop();
}

/** Moves one generation on through the site, from where it is now (a request sent twice moves it once); what was done, in a sentence. */
async function moveOn(generations, name) {
  const from = await app.linkGeneration(generations, name.kind, name.subject);
  const { generation, moved } = await generations.move(name, from);
  return moved ? `it is now at generation ${generation}, and the older links answer 404 from the next request on, everywhere` : `it had moved on meanwhile, to generation ${generation}: run this again to take back the links made since`;
}

async function run(generations) {
  if (values.revoke !== undefined) {
    console.log(`Took back every ${values.revoke} link made so far: ${await moveOn(generations, { kind: values.revoke })}.`);
    return;
  }
  if (values["revoke-booking"] !== undefined) {
    const invoiceNumber = values["revoke-booking"];
    console.log(`Took back every owner link of ${invoiceNumber} made so far (its page and its action links): ${await moveOn(generations, { kind: "booking", subject: invoiceNumber })}. \`npm run owner:links -- --booking ${invoiceNumber}\` prints its new page.`);
    return;
  }
  const checked = app.configSchema.safeParse(settings);
  if (!checked.success) throw new Error(`The settings are not valid: ${checked.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ")}`);
  await printLinks({ config: checked.data, generations });
}

/** Prints the addresses asked for, signed at the site's generations. */
async function printLinks(keys) {
  const need = (secret) => {
    if (!keys.config[secret]) throw new Error(`No ${secret}: put it in .dev.vars, or in the environment.`);
  };
  if (signed) {
    need("OWNER_LINK_SECRET");
    const [link] = await app.ownerActionLinks(keys, values[signed], [signed]);
    console.log(`${link.label} (works until ${app.lifecycle.ownerLinkDaysAfterEvent} days after the event): ${link.url}`);
  } else if (values.day !== undefined) {
    need("OWNER_DAY_SECRET");
    const sheet = (await app.daySheetUrls(keys, [values.day])).get(values.day);
    console.log(`Day sheet of ${values.day} (works until ${app.agenda.daySheetDaysAfter} days after it): ${sheet}`);
  } else {
    const feeds = await app.ownerFeedUrls(keys);
    if (!feeds) need("OWNER_FEED_SECRET");
    const today = new Date();
    const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
    const last = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0)).toISOString().slice(0, 10);
    const [home, numbers] = await Promise.all([app.ownerHomeUrl(keys), app.ownerNumbersUrl(keys)]);
    if (home) console.log(`Your home (bookings, search, blocked dates, promo codes): ${home}`);
    if (numbers) console.log(`Your numbers (quotes, bookings, revenue and add-ons by month, this year and the year before): ${numbers}`);
    console.log(`Calendar feed (subscribe on your phone): ${feeds.calendar}`);
    console.log(`Export of last month (change from and to as you need): ${feeds.export(first, last)}`);
    const xero = feeds.xero(first.slice(0, 7));
    console.log(`Last month into Xero (docs/operations.md, "The month into Xero"): sales invoices ${xero.salesInvoices} and credit notes ${xero.creditNotes}`);
  }
}
