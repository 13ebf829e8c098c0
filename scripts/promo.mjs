#!/usr/bin/env node
/**
 * The owner's promo codes (docs/operations.md, "Promo codes"):
 *
 *   npm run promo -- add WINTER10 --percent 10 --from 2027-05-01 --to 2027-08-31 --weekdays --uses 20 --expires 2027-07-31
 *   npm run promo -- add SAVE50 --dollars 50
 *   npm run promo -- list
 *   npm run promo -- end WINTER10
 *
 * Each over the local data `npm start` keeps, or with `--remote` over the deployed site.
 *
 * `add` and `end` write the code's KV key with wrangler, as the owner's blocks are written: a
 * discount is made only with the owner's Cloudflare login. `list` asks the Worker
 * (`GET /owner/promos`, signed with OWNER_FEED_SECRET like `npm run reindex`, at the generation the
 * site keeps, read through it with OWNER_LINK_SECRET), because the uses are counted in a Durable
 * Object, which nothing but the Worker can read; locally it runs the Worker over `npm start`'s data
 * (stop the local site first).
 */
import { execFileSync } from "node:child_process";
import { projectRoot } from "./lib/local-worker.mjs";
import { ownerSettings } from "./lib/owner-settings.mjs";
import { importAppModules } from "./lib/app-modules.mjs";
import { openOwnerSite } from "./lib/owner-site.mjs";

const { parsePromoCommand, PromoCommandError, promoUsage, describePromo, promoKey, keyPrefix, ownerToken, melbourneToday } = await importAppModules(`
  export { parsePromoCommand, PromoCommandError, promoUsage, describePromo } from "~/promos/promo-command";
  export { promoKey, keyPrefix } from "~/storage-keys";
  export { ownerToken } from "~/agenda/tokens.server";
  export { melbourneToday } from "~/utils/melbourne-time";
`);

let command;
try {
  const now = new Date();
  command = parsePromoCommand(process.argv.slice(2), { now, today: melbourneToday(now) });
} catch (error) {
  if (!(error instanceof PromoCommandError)) throw error;
  console.error(`${error.message}\n\n${promoUsage}`);
  process.exit(2);
}

const where = command.remote ? "--remote" : "--local";
const wrangler = (...args) =>
  execFileSync("npx", ["wrangler", "kv", "key", ...args, "--binding=BOOKINGS", where], { cwd: projectRoot, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
const exists = (code) => JSON.parse(wrangler("list", `--prefix=${keyPrefix.promo}${code}`)).some((key) => key.name === promoKey(code));
const put = (promo) => wrangler("put", promoKey(promo.code), JSON.stringify(promo));

async function list() {
  const settings = ownerSettings();
  if (!settings.OWNER_FEED_SECRET) throw new Error("No OWNER_FEED_SECRET: put it in .dev.vars, or in the environment.");
  const site = await openOwnerSite({ remote: command.remote, settings });
  try {
    const response = await site.send(`/owner/promos?token=${await ownerToken({ config: settings, generations: site.generations }, "promos")}`);
    const body = await response.text();
    if (response.status !== 200) throw new Error(`The site answered ${response.status}: ${body.slice(0, 200)}`);
    const { promos } = JSON.parse(body);
    console.log(promos.length ? promos.map(describePromo).join("\n") : "No promo codes yet.");
  } finally {
    await site.stop();
  }
}

try {
  switch (command.action) {
    case "add":
      if (exists(command.promo.code)) throw new Error(`${command.promo.code} exists already: end it, or choose another code.`);
      put(command.promo);
      console.log(`Added ${describePromo({ ...command.promo, used: 0 })}`);
      break;
    case "end": {
      if (!exists(command.code)) throw new Error(`There is no code ${command.code} (npm run promo -- list shows them).`);
      const promo = JSON.parse(wrangler("get", promoKey(command.code), "--text"));
      put({ ...promo, endedAt: new Date().toISOString() });
      console.log(`Ended ${command.code}: bookings made from now on are refused it; bookings that used it keep their price.`);
      break;
    }
    case "list":
      await list();
      break;
  }
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
}
