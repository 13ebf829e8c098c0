/**
 * The generations of the kinds of link (app/links/signing.server.ts), read and moved on with the
 * wrangler CLI, as the owner's blocked dates and promo codes are written: `--local` over the data
 * `npm start` keeps, `--remote` over the live site's KV. A script signs with the generations the
 * site checks against, so the links it prints work.
 */
import { execFileSync } from "node:child_process";
import { projectRoot } from "./local-worker.mjs";

/** A generation store for the app's signing code (its `get`), each key read once, and `put` to move a kind on. */
export function wranglerGenerations({ remote = false } = {}) {
  const kv = (...args) =>
    execFileSync("npx", ["wrangler", "kv", "key", ...args, "--binding=BOOKINGS", remote ? "--remote" : "--local"], {
      cwd: projectRoot,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    });
  const read = new Map();
  return {
    get(key) {
      // A key never written reads as "Value not found": the kind is at generation 0.
      if (!read.has(key)) read.set(key, kv("get", key, "--text").trim());
      const value = read.get(key);
      return Promise.resolve(/^\d+$/.test(value) ? value : null);
    },
    put(key, value) {
      kv("put", key, value);
      read.set(key, value);
    },
  };
}
