#!/usr/bin/env node
/**
 * The Debian tools the conformance and integration tests read documents with: Java (runs the Nu
 * HTML checker from the vnu-jar package), qpdf (checks PDFs) and poppler's pdftotext (reads their
 * text back). Run directly with --install, it installs the missing ones with apt when we are root,
 * as find-chromium.mjs does for the browser; otherwise it names what to install.
 */
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Each command the tests run, and the Debian package that provides it. */
export const debianTools = [
  { command: "java", debianPackage: "default-jre-headless" },
  { command: "qpdf", debianPackage: "qpdf" },
  { command: "pdftotext", debianPackage: "poppler-utils" },
];

function onPath(command) {
  return (process.env.PATH ?? "").split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, command)));
}

export function missingTools() {
  return debianTools.filter((tool) => !onPath(tool.command));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let missing = missingTools();
  if (missing.length && process.argv.includes("--install") && process.getuid?.() === 0) {
    const packages = missing.map((tool) => tool.debianPackage).join(" ");
    console.log(`Installing Debian's ${packages} with apt-get…`);
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${packages}`, {
      stdio: "inherit",
    });
    missing = missingTools();
  }
  if (missing.length) {
    const packages = missing.map((tool) => tool.debianPackage).join(" ");
    console.error(`Missing ${missing.map((tool) => tool.command).join(", ")}: run \`node scripts/debian-tools.mjs --install\` as root, or apt-get install ${packages}.`);
    process.exit(1);
  }
}
