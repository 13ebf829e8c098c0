#!/usr/bin/env node
/**
 * Finds a Chromium for Playwright and Lighthouse: $CHROME_PATH, then Debian's /usr/bin/chromium.
 * Run directly (`node scripts/find-chromium.mjs --install`), it installs Debian's chromium with apt
 * when none is found and we are root, because no browser can be downloaded from elsewhere here.
 */
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function findChromium() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return candidates.find((path) => existsSync(path));
}

function installChromium() {
  if (process.getuid?.() !== 0) {
    throw new Error("No Chromium found. Install Debian's chromium (apt-get install chromium) or set CHROME_PATH.");
  }
  console.log("Installing Debian's chromium with apt-get…");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", {
    stdio: "inherit",
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let path = findChromium();
  if (!path && process.argv.includes("--install")) {
    installChromium();
    path = findChromium();
  }
  if (!path) {
    console.error("No Chromium found: run `node scripts/find-chromium.mjs --install` as root, or set CHROME_PATH.");
    process.exit(1);
  }
  console.log(path);
}
