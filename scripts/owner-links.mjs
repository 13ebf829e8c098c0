#!/usr/bin/env node
/**
 * Prints the owner's calendar feed address and the accountant's export address (last month's),
 * made from OWNER_LINK_SECRET and SITE_ORIGIN as app/agenda/tokens.server.ts makes them.
 * `npm run owner:links`; on Cloudflare, run it with the real secret: `OWNER_LINK_SECRET=… npm run owner:links`.
 */
import { createHmac } from "node:crypto";
import { fileURLToPath } from "node:url";
import { ownerSettings } from "./lib/owner-settings.mjs";

/** The token of one of the owner's feeds ("calendar" or "export"). */
export function ownerToken(secret, feed) {
  return createHmac("sha256", secret).update(feed).digest("hex");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { OWNER_LINK_SECRET: secret, SITE_ORIGIN: origin = "http://localhost:8787" } = ownerSettings();
  if (!secret) {
    console.error("No OWNER_LINK_SECRET: put it in .dev.vars, or in the environment.");
    process.exit(1);
  }
  const site = origin.replace(/\/+$/, "");
  const today = new Date();
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
  const last = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0)).toISOString().slice(0, 10);
  console.log(`Calendar feed (subscribe on your phone): ${site}/owner/calendar.ics?token=${ownerToken(secret, "calendar")}`);
  console.log(`Export of last month (change from and to as you need): ${site}/owner/export.csv?from=${first}&to=${last}&token=${ownerToken(secret, "export")}`);
}
