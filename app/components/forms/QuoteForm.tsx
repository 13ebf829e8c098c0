import { useState, type FormEvent } from "react";
import type { CalendarPage } from "~/bookings/holds/calendar-page.server";
import { addOnDescriptions } from "~/content/add-ons";
import {
  addOnField,
  hasEmptyField,
  maxLength,
  quoteFields,
  type FormValues,
} from "~/input/fields";
import { messages } from "~/input/messages";
import type { FormResult } from "~/input/result";
import {
  addOnIds,
  addOns,
  boothTypes,
  formatAud,
  quoteDurations,
} from "~/pricing";
import { useCalendarFollowsBooth } from "~/components/availability/AvailabilityCalendar";
import { DateChoice } from "~/components/availability/DateChoice";
import { ContactFields } from "./ContactFields";
import { CheckField, FieldProvider, SelectField, TextArea } from "./Fields";
import { PromoCodeField } from "./PromoCodeField";
import { FormStatus } from "./FormStatus";
import { Honeypot } from "./Honeypot";
import { useBookedOutCheck } from "./useBookedOutCheck";
import { useFormSubmission } from "./useFormSubmission";

/** What the form starts with: what a refused or priced post held, else what the address chose in the calendar. */
function startingValues(
  initial: FormResult | undefined,
  priced: FormValues | null,
  { query }: CalendarPage
): FormValues {
  if (initial && !initial.ok) return initial.values;
  if (priced) return priced;
  const hours = quoteDurations.find((duration) => duration === query.hours);
  return {
    eventDate: query.date ?? "",
    service: query.booth ?? "",
    packageDuration: hours ?? "",
  };
}

/**
 * The quote form, in the order a visitor decides, as the booking form (docs/product-decisions.md,
 * "Booking on a phone"): the date with its calendar and what is free that day, the booth and hours,
 * the add-ons to ask about, who and where, the code and the message. The seed's contract holds.
 */
export function QuoteForm({
  initial,
  priced,
  page,
}: {
  initial: FormResult | undefined;
  priced: FormValues | null;
  page: CalendarPage;
}) {
  const values = startingValues(initial, priced, page);
  const [date, setDate] = useState(values.eventDate ?? "");
  const checked = useBookedOutCheck("service");
  const boothsFree = checked.boothsFree ?? page.boothsFree;
  const { calendar, followBooth } = useCalendarFollowsBooth(page.calendar, "/quickquote");
  const { formRef, onSubmit, status, fieldErrors, busy } = useFormSubmission({
    action: "/quickquote",
    initial,
    check: (data) =>
      hasEmptyField(data, quoteFields) ? messages.quote.incomplete : null,
    successText: messages.quote.success,
  });

  function follow(form: HTMLFormElement, changed: string) {
    const data = new FormData(form);
    if (changed === "service") followBooth(String(data.get("service") ?? ""));
    setDate(String(data.get("eventDate") ?? ""));
    void checked.checkAvailability(form);
  }

  return (
    <form
      ref={formRef}
      method="post"
      action="/quickquote"
      onSubmit={onSubmit}
      onChange={(event: FormEvent<HTMLFormElement>) =>
        follow(event.currentTarget, (event.target as HTMLInputElement).name)
      }
      className="form-card"
      aria-labelledby="quote-form-heading"
    >
      <h2 id="quote-form-heading">Your event</h2>
      <p className="form-hint">
        All fields except the add-ons and the promo code are required.
      </p>
      <FieldProvider
        idPrefix="quote"
        values={values}
        errors={fieldErrors}
        requiredBy="announced"
      >
        <DateChoice
          idPrefix="quote"
          boothField="service"
          formPath="/quickquote"
          today={page.today}
          calendar={calendar}
          date={date}
          boothsFree={boothsFree}
          rules={page.dateRules}
          onChosen={(form) => follow(form, "eventDate")}
        />
        <div className="form-grid">
          <SelectField
            name="service"
            label="Service"
            options={boothTypes}
            placeholder="Select a booth"
            unavailable={
              boothsFree
                ? boothTypes.filter((type) => boothsFree[type] < 1)
                : []
            }
          />
          <SelectField
            name="packageDuration"
            label="Package duration"
            options={quoteDurations}
            placeholder="Select a duration"
          />
        </div>
        <fieldset className="form-extras">
          <legend>Add-ons to ask about (optional)</legend>
          {addOnIds.map((id) => (
            <CheckField
              key={id}
              name={addOnField(id)}
              label={`${addOns[id].name} (${formatAud(addOns[id].price)})`}
              hint={addOnDescriptions[id]}
            />
          ))}
        </fieldset>
        <div className="form-grid">
          <ContactFields locationHint="Venue and suburb or postcode: we work out travel from the suburb." />
        </div>
        <PromoCodeField hint="Your quote is priced with it if it applies to your date." />
        <TextArea
          name="message"
          label="Message"
          maxLength={maxLength.message}
          hint="Tell us about your event: guests, theme, timing."
        />
      </FieldProvider>
      <p className="field-error" aria-live="polite" id="quote-availability">
        {checked.bookedOut}
      </p>
      <Honeypot />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          Get my quote
        </button>
      </div>
      <FormStatus status={status} />
    </form>
  );
}
