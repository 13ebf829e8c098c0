import { execFileSync } from "node:child_process";

/**
 * The text of a PDF as a reader extracts it: poppler's `pdftotext` (Debian's poppler-utils, which
 * `npm run setup` installs), reading the embedded fonts' Unicode maps. `-raw` keeps the order the
 * text is drawn in, so an amount follows its label rather than a column of amounts after them all.
 */
export function pdfText(bytes: Uint8Array): string {
  return execFileSync("pdftotext", ["-raw", "-enc", "UTF-8", "-", "-"], { input: bytes, encoding: "utf8" });
}
