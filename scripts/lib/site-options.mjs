/**
 * The Miniflare options of the site's Worker as `wrangler deploy` would ship it: bindings, Durable
 * Objects, queues, assets and vars read from wrangler.toml by wrangler itself, secrets from
 * .dev.vars, running the bundle `wrangler deploy --dry-run` wrote (scripts/lib/local-worker.mjs's
 * `buildWorker`). Only the local server's own choices are added here: where the data persists and
 * the vars a caller overrides.
 */
import path from "node:path";
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from "wrangler";
import { bundleDir, projectRoot } from "./local-worker.mjs";

const configPath = path.join(projectRoot, "wrangler.toml");

/**
 * @param {{ persistTo: string, vars?: Record<string, string> }} options `persistTo`: the folder that
 * holds `v3/` as `wrangler dev --persist-to` lays it out (`.wrangler/state` is `npm start`'s, where
 * `wrangler kv --local`, `npm run promo` and `npm run reindex` find it).
 */
export function siteMiniflareOptions({ persistTo, vars = {} }) {
  const config = unstable_readConfig({ config: configPath });
  const { workerOptions } = unstable_getMiniflareWorkerOptions(config);
  return {
    workers: [
      {
        ...workerOptions,
        // wrangler dev keeps Durable Objects under the Worker's name: the same name finds the same data.
        name: config.name,
        modules: [{ type: "ESModule", path: path.join(bundleDir, "index.js") }],
        modulesRoot: bundleDir,
        // wrangler's own reading of the vars includes .dev.vars, as `wrangler dev` does.
        bindings: { ...workerOptions.bindings, ...vars },
      },
    ],
    defaultPersistRoot: path.join(path.resolve(projectRoot, persistTo), "v3"),
    // No request.cf fetched from Cloudflare: this machine has no network to fetch it from.
    cf: false,
  };
}
