import { addOnDescriptions } from "~/content/add-ons";
import { addOnField, hasEmptyField, maxLength, quoteFields } from "~/input/fields";
import { messages } from "~/input/messages";
import type { FormResult } from "~/input/result";
import { addOnIds, addOns, boothTypes, formatAud, quoteDurations } from "~/pricing";
import { EventFields } from "./EventFields";
import { CheckField, FieldProvider, SelectField, TextArea } from "./Fields";
import { PromoCodeField } from "./PromoCodeField";
import { FormStatus } from "./FormStatus";
import { Honeypot } from "./Honeypot";
import { useFormSubmission } from "./useFormSubmission";

/** A day and booth chosen in the availability calendar (without JavaScript they arrive in the address). */
interface Chosen {
  eventDate: string | null;
  boothType: string | null;
}

export function QuoteForm({ initial, today, chosen }: { initial: FormResult | undefined; today: string; chosen: Chosen }) {
  const values = initial && !initial.ok ? initial.values : { eventDate: chosen.eventDate ?? "", service: chosen.boothType ?? "" };
  const { formRef, onSubmit, status, fieldErrors, busy } = useFormSubmission({
    action: "/quickquote",
    initial,
    check: (data) => (hasEmptyField(data, quoteFields) ? messages.quote.incomplete : null),
    successText: messages.quote.success,
  });
  return (
    <form ref={formRef} method="post" action="/quickquote" onSubmit={onSubmit} className="form-card" aria-labelledby="quote-form-heading">
      <h2 id="quote-form-heading">Your event</h2>
      <p className="form-hint">All fields except the add-ons and the promo code are required.</p>
      <FieldProvider idPrefix="quote" values={values} errors={fieldErrors} requiredBy="announced">
        <div className="form-grid">
          <EventFields today={today} locationHint="Venue and suburb or postcode: we work out travel from the suburb." />
          <SelectField name="packageDuration" label="Package duration" options={quoteDurations} placeholder="Select a duration" />
          <SelectField name="service" label="Service" options={boothTypes} placeholder="Select a booth" />
        </div>
        <TextArea name="message" label="Message" maxLength={maxLength.message} hint="Tell us about your event: guests, theme, timing." />
        <fieldset className="form-extras">
          <legend>Add-ons to ask about (optional)</legend>
          {addOnIds.map((id) => (
            <CheckField key={id} name={addOnField(id)} label={`${addOns[id].name} (${formatAud(addOns[id].price)})`} hint={addOnDescriptions[id]} />
          ))}
        </fieldset>
        <PromoCodeField hint="Your quote is priced with it if it applies to your date." />
      </FieldProvider>
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
