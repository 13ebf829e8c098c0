/**
 * Finds the venue's locality in free text: a Victorian postcode (3000-3999, 8000-8999) or the
 * longest locality name in it, case-insensitive, on word boundaries. With both, the postcode's
 * locality named in the text wins ("Werribee Park Mansion, K Rd, Werribee South VIC 3030" is
 * Werribee South 3030, not Werribee); a bare postcode gives its most central locality (listed first).
 */
import type { Point } from "./fees";

export interface Locality extends Point {
  name: string;
  postcode: string;
  greaterMelbourne: boolean;
}

const victorianPostcode = /\b(?:3\d{3}|8\d{3})\b/g;

/** Lower case, letters and digits only, single spaces, padded: " werribee south vic 3030 ". */
function words(text: string): string {
  return ` ${text.toLowerCase().replace(/[^a-z0-9]+/g, " ").trim()} `;
}

export function localityFinder(localities: readonly Locality[]): (text: string) => Locality | null {
  // Longest names first, so the first name found is the longest match.
  const byLength = localities.map((locality) => ({ locality, key: words(locality.name) })).sort((a, b) => b.key.length - a.key.length);
  return (text) => {
    const haystack = words(text);
    const named = byLength.filter(({ key }) => haystack.includes(key)).map(({ locality }) => locality);
    for (const postcode of text.match(victorianPostcode) ?? []) {
      const match = named.find((locality) => locality.postcode === postcode) ?? localities.find((locality) => locality.postcode === postcode);
      if (match) return match;
    }
    return named[0] ?? null;
  };
}
