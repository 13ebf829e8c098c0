/**
 * Whether an address's path is one of the owner's (app/routes/owner.*: the home at `/owner`, and
 * everything under `/owner/`), compared as the router compares it: decoded and case-folded, with
 * runs of slashes as one. The router matches `/Owner/booking/…` and `/%6Fwner/booking/…` to the
 * owner's page, so a check of the path as written would let them through (docs/product-decisions.md,
 * "Links and what each may do").
 */
export function isOwnerPath(pathname: string): boolean {
  let decoded = pathname;
  // Decoded until it stops changing: a path decoded once more on the way is still the owner's.
  for (let round = 0; round < 5 && decoded.includes("%"); round++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      break;
    }
    if (next === decoded) break;
    decoded = next;
  }
  return /^\/owner(\/|$)/.test(decoded.replace(/[/\\]+/g, "/").toLowerCase());
}
