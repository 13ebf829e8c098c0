#!/usr/bin/env node
/**
 * Builds the index of bookings by their dates (app/bookings/by-date/booking-index.ts) from the
 * bookings in KV, for a site that had bookings before the index existed. Page after page through
 * the Worker's `POST /owner/reindex`, each page well inside one invocation's storage operations.
 *
 *   npm run reindex                 over the local data `npm start` keeps (stop the local site first)
 *   npm run reindex -- --remote     over the deployed site at SITE_ORIGIN, with the real OWNER_FEED_SECRET
 *
 * Running it again is harmless: each booking's row is replaced by the same.
 */
import { parseArgs } from "node:util";
import { buildWorker, createLocalWorker } from "./lib/local-worker.mjs";
import { ownerSettings } from "./lib/owner-settings.mjs";
import { importAppModules } from "./lib/app-modules.mjs";
import { wranglerGenerations } from "./lib/link-generations.mjs";

const { values } = parseArgs({ options: { remote: { type: "boolean", default: false } } });
const settings = ownerSettings();
const secret = settings.OWNER_FEED_SECRET;
if (!secret) {
  console.error("No OWNER_FEED_SECRET: put it in .dev.vars, or in the environment.");
  process.exit(1);
}
const origin = (settings.SITE_ORIGIN ?? "http://localhost:8787").replace(/\/+$/, "");
// The Worker's own token code, at the generation its KV holds, so the two always agree.
const { ownerToken } = await importAppModules(`export { ownerToken } from "~/agenda/tokens.server";`);
const token = await ownerToken({ config: settings, kv: wranglerGenerations({ remote: values.remote }) }, "reindex");

let send;
let stop = async () => {};
if (values.remote) {
  send = (url) => fetch(url, { method: "POST", headers: { Origin: origin } });
} else {
  buildWorker({ quiet: true });
  const mf = createLocalWorker({ vars: settings, localState: true });
  await mf.ready;
  // As a browser on the site would post: the cross-site check compares Origin with the host.
  send = (url) => mf.dispatchFetch(url, { method: "POST", headers: { Origin: origin, "X-Forwarded-Host": new URL(origin).host } });
  stop = () => mf.dispose();
}

let cursor = null;
let total = 0;
try {
  do {
    const url = `${origin}/owner/reindex?token=${token}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const response = await send(url);
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
  await stop();
}
