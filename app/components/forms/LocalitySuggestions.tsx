import suggestions from "~/travel/locality-suggestions.json";

export const localitySuggestionsId = "victorian-localities";

/**
 * The suburbs and towns we book online (within the online travel limit), offered as the visitor
 * types the event location; a plain `<datalist>`, so it works without JavaScript. Generated with
 * the gazetteer by scripts/build-gazetteer.mjs; only the booking and quote forms carry it.
 */
export function LocalitySuggestions() {
  return (
    <datalist id={localitySuggestionsId}>
      {suggestions.map((name) => (
        // The text is the value: shorter than a value attribute, and ~1,200 of them add up.
        <option key={name}>{name}</option>
      ))}
    </datalist>
  );
}
