import { maxLength } from "~/input/fields";
import { TextField } from "./Fields";
import { LocalitySuggestions, localitySuggestionsId } from "./LocalitySuggestions";

/**
 * Who is asking and where the event is: the fields the quote and booking forms share (as their
 * schemas do), after the date, booth and extras, in the order a visitor decides.
 */
export function ContactFields({ locationHint }: { locationHint: string }) {
  return (
    <>
      <TextField name="fullName" label="Full name" autoComplete="name" maxLength={maxLength.name} />
      <TextField name="email" label="Email" type="email" autoComplete="email" maxLength={maxLength.email} />
      <TextField name="phoneNumber" label="Phone number" type="tel" autoComplete="tel" maxLength={maxLength.phoneNumber} />
      <TextField
        name="eventLocation"
        label="Event location"
        autoComplete="off"
        maxLength={maxLength.eventLocation}
        hint={locationHint}
        list={localitySuggestionsId}
      />
      <LocalitySuggestions />
    </>
  );
}
