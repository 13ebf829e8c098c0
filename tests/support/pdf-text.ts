import { execFileSync } from "node:child_process";

/**
 * The text of a PDF as a reader extracts it: poppler's `pdftotext` (Debian's poppler-utils, which
 * `npm run setup` installs), reading the embedded fonts' Unicode maps, in reading order.
 */
export function pdfText(bytes: Uint8Array): string {
  return execFileSync("pdftotext", ["-enc", "UTF-8", "-", "-"], { input: bytes, encoding: "utf8" });
}
