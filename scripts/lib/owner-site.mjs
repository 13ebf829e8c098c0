/**
 * The site as the owner's scripts reach it: the deployed one at SITE_ORIGIN (`--remote`), a site
 * already serving elsewhere (`--site http://localhost:8787`: `npm start`'s, or a test's workerd), or
 * else the Worker run in workerd over the data `npm start` keeps (stop the local site first: one
 * workerd at a time over that folder). What only the Worker reaches (its Durable Objects: the
 * index of bookings, the promo codes' uses, the generations of links) is asked through it.
 *
 * `generations` is the site's own generations of links (app/links/generations.server.ts) for the
 * app's signing code, each call a request signed with OWNER_LINK_SECRET
 * (app/links/generations-requests.server.ts): a script signs at the generations the site checks
 * against, so the links it prints work, and moves one on where the site reads it.
 */
import { importAppModules } from "./app-modules.mjs";
import { buildWorker, createLocalWorker } from "./local-worker.mjs";

const { generationsRequestPath } = await importAppModules(`export { generationsRequestPath } from "~/links/generations-requests.server";`);

/** @param {{ remote?: boolean, site?: string, settings: Record<string, string | undefined> }} options */
export async function openOwnerSite({ remote = false, site, settings }) {
  const origin = (settings.SITE_ORIGIN ?? "http://localhost:8787").replace(/\/+$/, "");
  // As a browser on the site would send it: the cross-site check compares Origin with the site's;
  // a proxy's X-Forwarded-Host names the public host when the site is reached at another address.
  const headers = (init) => ({ ...init.headers, Origin: origin, "X-Forwarded-Host": new URL(origin).host });
  let send;
  let stop = async () => {};
  if (remote || site) {
    const at = site ? site.replace(/\/+$/, "") : origin;
    send = (path, init = {}) => fetch(`${at}${path}`, { ...init, headers: headers(init) });
  } else {
    buildWorker({ quiet: true });
    const mf = createLocalWorker({ vars: settings, localState: true });
    await mf.ready;
    send = (path, init = {}) => mf.dispatchFetch(`${origin}${path}`, { ...init, headers: headers(init) });
    stop = () => mf.dispose();
  }

  /** One request to the generations; its answer, or an error saying what the site answered. */
  async function askGenerations(request) {
    const body = JSON.stringify(request);
    const path = await generationsRequestPath({ config: settings, generations: null }, body, Date.now());
    if (!path) throw new Error("No OWNER_LINK_SECRET: put it in .dev.vars, or in the environment (the generations of links are read and moved with it).");
    const response = await send(path, { method: "POST", body, headers: { "Content-Type": "application/json" } });
    const text = await response.text();
    if (!response.ok) throw new Error(`The site answered ${response.status} to a request for the generations of links: ${text.slice(0, 200)}`);
    return JSON.parse(text);
  }

  return {
    origin,
    send,
    stop,
    generations: {
      read: (names) => askGenerations({ read: names }),
      subjects: (kind) => askGenerations({ subjects: kind }),
      move: (name, from) => askGenerations({ move: name, from }),
    },
  };
}
