/** The owner's settings as the local site has them: vars from wrangler.toml, secrets from .dev.vars, either overridden by the environment. */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "./local-worker.mjs";

function pairs(file) {
  if (!existsSync(file)) return {};
  const found = {};
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const match = /^\s*([A-Z_]+)\s*=\s*"?([^"#]*?)"?\s*$/.exec(line);
    if (match) found[match[1]] = match[2];
  }
  return found;
}

export function ownerSettings() {
  return { ...pairs(path.join(projectRoot, "wrangler.toml")), ...pairs(path.join(projectRoot, ".dev.vars")), ...process.env };
}
