import { Form, useLocation } from "@remix-run/react";
import { useRef, useState, type FormEvent } from "react";
import { bookingPage, business } from "~/business";
import { DetailList } from "~/components/DetailList";
import { FieldProvider, TextArea, TextField } from "~/components/forms/Fields";
import { FormStatus } from "~/components/forms/FormStatus";
import type { BookingPageView } from "~/bookings/booking-page/booking-page.server";
import { logoTooLarge } from "~/bookings/record/event-details";
import { intentField, logoField, maxLength, type FormValues } from "~/input/fields";
import type { BookingPageRefusal } from "~/input/result";
import { fitImage } from "./fit-image";

type Details = BookingPageView["details"];

/** A time field holds a valid time or nothing: one a browser never sends (say "25:00", from a script) is not shown back. */
function shownValues(values: FormValues): FormValues {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(values.startTime ?? "") ? values : { ...values, startTime: "" };
}

function SavedLogo({ logoPath }: { logoPath: string | null }) {
  if (!logoPath) return null;
  return (
    <p>
      <a href={logoPath}>Open the logo you gave us</a>
    </p>
  );
}

/**
 * With JavaScript, a logo over the limit is scaled down before the form is sent (the submission is
 * held while it is, then made again with the smaller file), or refused in the page when the browser
 * cannot shrink it; before React is ready the boot script holds the submission back until it is.
 */
function useFittedLogo() {
  const [logoError, setLogoError] = useState<string | null>(null);
  // A second press while the photo is being scaled would send the form twice.
  const fitting = useRef(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const input = form.elements.namedItem(logoField) as HTMLInputElement;
    const file = input.files?.[0];
    if (fitting.current) return event.preventDefault();
    setLogoError(null);
    if (!file || file.size <= bookingPage.logoMaxBytes) return;
    event.preventDefault();
    fitting.current = true;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    void fitImage(file, bookingPage.logoMaxBytes).then((fitted) => {
      fitting.current = false;
      if (!fitted) return setLogoError(logoTooLarge);
      const files = new DataTransfer();
      files.items.add(fitted);
      input.files = files.files;
      form.requestSubmit(submitter);
    });
  };
  return { logoError, onSubmit };
}

/** "Your event": the details as a form while they may change, as rows (with the phone number) once they may not. */
export function EventDetailsForm({ details, location, refusal }: { details: Details; location: string; refusal: BookingPageRefusal | null }) {
  const { pathname, search } = useLocation();
  const { logoError, onSubmit } = useFittedLogo();
  const errors = logoError ? { ...refusal?.fieldErrors, [logoField]: logoError } : (refusal?.fieldErrors ?? {});
  return (
    <section id="details" className="form-card booking-details" aria-labelledby="details-heading">
      <h2 id="details-heading">Your event</h2>
      {details.locked ? (
        <>
          <p>
            {details.locked} Our number is <a href={business.phone.href}>{business.phone.display}</a>.
          </p>
          {details.rows.length ? <DetailList rows={details.rows} /> : null}
          <SavedLogo logoPath={details.logoPath} />
        </>
      ) : (
        <Form method="post" action={`${pathname}${search}`} encType="multipart/form-data" replace preventScrollReset onSubmit={onSubmit}>
          <p className="form-hint">
            The suburb you gave: {location}. You can change these details until {bookingPage.detailsLockDaysBeforeEvent} days before the event.
          </p>
          {/* A browser sends every field, so a refusal shows what was typed; one of a body too large to read recovers none, and shows what was saved. */}
          <FieldProvider idPrefix="details" values={shownValues({ ...details.values, ...refusal?.values })} errors={errors} requiredBy="native">
            <TextField name="startTime" type="time" label="Start time" hint={details.finishesAt ? `Finishing at ${details.finishesAt}.` : "We work out the finish time from the hours booked."} />
            <TextField name="venueAddress" label="The venue's street address" autoComplete="address-line1" maxLength={maxLength.venueAddress} />
            <TextField name="contactName" label="Contact on the day: name" autoComplete="off" maxLength={maxLength.name} />
            <TextField name="contactMobile" type="tel" label="Contact on the day: mobile" autoComplete="off" maxLength={maxLength.phoneNumber} />
            <TextArea name="accessNotes" label="Access and parking notes" required={false} maxLength={maxLength.accessNotes} rows={3} />
            <TextField name="printLine1" label="Text on the prints: first line" required={false} maxLength={bookingPage.printLineLength} />
            <TextField name="printLine2" label="Text on the prints: second line" required={false} maxLength={bookingPage.printLineLength} />
          </FieldProvider>
          <div className="form-field">
            <label htmlFor="details-logo">Logo for the prints (optional: PNG, JPEG or WebP, at most 2 MB)</label>
            <input
              id="details-logo"
              type="file"
              name={logoField}
              accept="image/png,image/jpeg,image/webp"
              aria-invalid={errors[logoField] ? true : undefined}
              aria-describedby={errors[logoField] ? "details-logo-error" : undefined}
            />
            {errors[logoField] ? (
              <p id="details-logo-error" className="field-error">
                {errors[logoField]}
              </p>
            ) : null}
          </div>
          <SavedLogo logoPath={details.logoPath} />
          <FormStatus status={refusal ? { tone: "error", text: refusal.error } : null} withIcon />
          <button type="submit" name={intentField} value="details" className="button button-primary">
            Save the event&apos;s details
          </button>
        </Form>
      )}
    </section>
  );
}
