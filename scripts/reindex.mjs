#!/usr/bin/env node
/**
 * Builds the index of bookings by their dates (app/bookings/by-date/booking-index.ts) from the
 * bookings in KV, for a site that had bookings before the index existed. Page after page through
 * the Worker's `POST /owner/reindex`, each page well inside one invocation's storage operations.
 *
 *   npm run reindex                 over the local data `npm start` keeps (stop the local site first)
 *   npm run reindex -- --remote     over the deployed site at SITE_ORIGIN, with the real OWNER_FEED_SECRET
 *
 * Its token is signed at the generation the site keeps, read through the site with OWNER_LINK_SECRET
 * (scripts/lib/owner-site.mjs).
 *
 * Running it again is harmless: each booking's row is replaced by the same.
 */
import { parseArgs } from "node:util";
import { ownerSettings } from "./lib/owner-settings.mjs";
import { importAppModules } from "./lib/app-modules.mjs";
import { openOwnerSite } from "./lib/owner-site.mjs";

const { values } = parseArgs({ options: { remote: { type: "boolean", default: false } } });
const settings = ownerSettings();
if (!settings.OWNER_FEED_SECRET) {
  console.error("No OWNER_FEED_SECRET: put it in .dev.vars, or in the environment.");
  process.exit(1);
}
const site = await openOwnerSite({ remote: values.remote, settings });

let cursor = null;
let total = 0;
try {
  // The Worker's own token code, at the generation the site keeps, so the two always agree.
  const { ownerToken } = await importAppModules(`export { ownerToken } from "~/agenda/tokens.server";`);
  const token = await ownerToken({ config: settings, generations: site.generations }, "reindex");
  do {
    const response = await site.send(`/owner/reindex?token=${token}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { method: "POST" });
    if (!response.ok) throw new Error(`The site answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    const { indexed, next } = await response.json();
    total += indexed;
    cursor = next;
    console.log(`Indexed ${total} bookings${cursor ? "…" : "."}`);
  } while (cursor);
} catch (error) {
  console.error(`Reindexing stopped: ${error.message}. Running it again starts over, harmlessly.`);
  process.exitCode = 1;
} finally {
  await site.stop();
}
