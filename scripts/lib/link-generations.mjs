/**
 * The generations of the kinds of link (app/links/signing.server.ts), read and moved on with the
 * wrangler CLI, as the owner's blocked dates and promo codes are written: `--local` over the data
 * `npm start` keeps, `--remote` over the live site's KV. A script signs with the generations the
 * site checks against, so the links it prints work.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { projectRoot } from "./local-worker.mjs";

/**
 * A generation store for the app's signing code (its `get`), and `put` to move a kind (or one
 * subject of it, with the metadata a listing reads) on. The
 * `keys` a script will ask for are read in one call to wrangler (each call starts a process that
 * takes seconds); a key never written reads as null, generation 0.
 */
export function wranglerGenerations({ remote = false, keys = [] } = {}) {
  const wrangler = (...args) =>
    execFileSync("npx", ["wrangler", "kv", ...args, "--binding=BOOKINGS", remote ? "--remote" : "--local"], {
      cwd: projectRoot,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    });
  const read = new Map();
  const readAll = (wanted) => {
    const folder = mkdtempSync(path.join(tmpdir(), "link-generations-"));
    try {
      const file = path.join(folder, "keys.json");
      writeFileSync(file, JSON.stringify(wanted));
      const output = wrangler("bulk", "get", file);
      // The JSON, then a line of wrangler's own ("Success!").
      const found = JSON.parse(output.slice(output.indexOf("{"), output.lastIndexOf("}") + 1));
      for (const key of wanted) read.set(key, found[key]?.value ?? null);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  };
  return {
    get(key) {
      if (!read.has(key)) readAll([...new Set([key, ...keys.filter((wanted) => !read.has(wanted))])]);
      const value = read.get(key)?.trim() ?? "";
      return Promise.resolve(/^\d+$/.test(value) ? value : null);
    },
    put(key, value, { metadata } = {}) {
      wrangler("key", "put", key, value, ...(metadata ? ["--metadata", JSON.stringify(metadata)] : []));
      read.set(key, value);
    },
  };
}
