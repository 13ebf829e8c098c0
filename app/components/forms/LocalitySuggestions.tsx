import { showOnFocusAttribute } from "~/hydration";
import suggestions from "~/travel/locality-suggestions.json";
import { escapeHtml } from "~/utils/escape-html";

export const localitySuggestionsId = "victorian-localities";

// The text is the value: shorter than a value attribute, and ~1,200 of them add up.
const datalist = `<datalist id="${localitySuggestionsId}">${suggestions.map((name) => `<option>${escapeHtml(name)}</option>`).join("")}</datalist>`;

/**
 * The suburbs and towns we book online (within the online travel limit), offered as the visitor
 * types the event location; a plain `<datalist>`, so it works without JavaScript. Generated with
 * the gazetteer by scripts/build-gazetteer.mjs; only the booking and quote forms carry it.
 *
 * Its ~1,200 options made every load longer (parsing them, and Chrome's autofill reading the form
 * at DOMContentLoaded), for a list needed only once the visitor types. So it comes as a
 * `<noscript>` copy: without scripts it is the datalist itself; with them, the boot script makes it
 * live when a field of the form is focused. React never looks inside markup it was given as HTML,
 * so hydration leaves it alone.
 */
export function LocalitySuggestions() {
  return <div hidden {...{ [showOnFocusAttribute]: "" }} dangerouslySetInnerHTML={{ __html: `<noscript>${datalist}</noscript>` }} />;
}
