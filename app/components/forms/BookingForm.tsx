import { useEffect, useState, type FormEvent } from "react";
import { priceTaxNote } from "~/business";
import { addOnField, bookingService, maxLength } from "~/input/fields";
import { messages } from "~/input/messages";
import type { FormResult } from "~/input/result";
import { makeInvoiceNumber } from "~/bookings/numbers/invoice-number";
import { computedFromAttribute, lookupAttribute } from "~/hydration";
import { priceSheet, sheetChoice, sheetRule, sheetSold, travelLines, withRule, type DateRules, type SheetChoice } from "~/prices/price-sheet";
import { bookingDurations, bookingPrice, boothTypes, type BookingDuration, type BoothType } from "~/pricing";
import { describeTravel } from "~/travel/describe";
import type { ItemCounts } from "~/bookings/holds/stock";
import { BookingExtras } from "./BookingExtras";
import { EventFields } from "./EventFields";
import { FieldProvider, SelectField, TextArea } from "./Fields";
import { FormStatus } from "./FormStatus";
import { Honeypot } from "./Honeypot";
import { PriceSummary } from "./PriceSummary";
import { useBookedOutCheck } from "./useBookedOutCheck";
import { useFormSubmission } from "./useFormSubmission";
import { useTravelEstimate, type TravelEstimate } from "./useTravelEstimate";

/** Travel's line once the venue is known and within the online limit; travel to be confirmed adds nothing online. */
function travelOf(estimate: TravelEstimate) {
  return estimate?.bookable ? travelLines(estimate.travelFee) : [];
}

const sheet = priceSheet(addOnField);

function priceOf(boothType: string | undefined, duration: string | undefined): number {
  const booth = boothTypes.find((value) => value === boothType) as BoothType | undefined;
  const hours = bookingDurations.find((value) => value === duration) as BookingDuration | undefined;
  return bookingPrice(booth, hours);
}

/** Every booth and duration's price, for the page's boot script to fill in the price before React loads (app/hydration.ts). */
const priceLookup = JSON.stringify(Object.fromEntries(boothTypes.flatMap((booth) => bookingDurations.map((hours) => [`${booth}|${hours}`, bookingPrice(booth, hours)]))));

/** A day and booth chosen in the availability calendar (without JavaScript they arrive in the address). */
interface Chosen {
  eventDate: string | null;
  boothType: BoothType | null;
}

interface BookingFormProps {
  initial: FormResult | undefined;
  today: string;
  chosen: Chosen;
  /** The price rules of the bookable dates (`dateRulesBetween`). */
  dateRules: DateRules;
  /** What is left of each stocked add-on and backdrop on the date the page was opened for; absent: everything is available. */
  itemsLeft?: ItemCounts | null;
}

export function BookingForm({ initial, today, chosen, dateRules, itemsLeft }: BookingFormProps) {
  const values = initial && !initial.ok ? initial.values : { eventDate: chosen.eventDate ?? "", boothType: chosen.boothType ?? "" };
  const initialPrice = priceOf(values.boothType, values.packageDuration);
  const initialChoice = sheetChoice(sheet, (name) => values[name] ?? "");
  const [price, setPrice] = useState(initialPrice);
  const [choice, setChoice] = useState<SheetChoice>(initialChoice);
  const travel = useTravelEstimate();
  const lines = [...withRule(sheetSold(sheet, choice), sheetRule(dateRules, choice.eventDate)), ...travelOf(travel.estimate)];
  const { formRef, onSubmit, status, fieldErrors, busy } = useFormSubmission({
    action: "/booking",
    initial,
    prepare: (data) => data.set("invoiceNumber", makeInvoiceNumber()),
    successText: messages.booking.success,
  });

  // With JavaScript, what is left on the date the client has since chosen.
  const { bookedOut, itemsLeft: itemsLeftNow, checkAvailability } = useBookedOutCheck();

  function follow(form: HTMLFormElement, changed: string | null) {
    const data = new FormData(form);
    if (changed === null || changed === "eventLocation") travel.lookUp(String(data.get("eventLocation") ?? ""));
    void checkAvailability(form);
    setPrice(priceOf(String(data.get("boothType") ?? ""), String(data.get("packageDuration") ?? "")));
    setChoice(sheetChoice(sheet, (name) => String(data.get(name) ?? "")));
  }

  // What was typed or chosen before React took over the page (it hydrates on the visitor's
  // first touch), or what the browser restored on going back, is followed up as if just changed.
  useEffect(() => {
    if (formRef.current) follow(formRef.current, null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for what the page already holds
  }, []);

  function onChange(event: FormEvent<HTMLFormElement>) {
    follow(event.currentTarget, (event.target as HTMLInputElement).name);
  }

  return (
    <form
      ref={formRef}
      method="post"
      action="/booking"
      onSubmit={onSubmit}
      onChange={onChange}
      onReset={() => {
        setPrice(initialPrice);
        setChoice(initialChoice);
        travel.reset();
      }}
      className="form-card"
      aria-labelledby="booking-form-heading"
    >
      <h2 id="booking-form-heading">Your booking</h2>
      <p className="form-hint">Every field except the message is required.</p>
      <FieldProvider idPrefix="booking" values={values} errors={fieldErrors} requiredBy="native">
        <div className="form-grid">
          <EventFields today={today} locationHint="Venue and suburb or postcode, e.g. Werribee Park Mansion, Werribee South 3030: travel is worked out from the suburb." />
          <SelectField name="boothType" label="Booth type" options={boothTypes} placeholder="Select a booth" />
          <SelectField name="packageDuration" label="Package duration" options={bookingDurations} placeholder="Select a duration" />
          <div className="form-field">
            <label htmlFor="booking-service">Service</label>
            <input id="booking-service" name="service" type="text" value={bookingService} readOnly />
          </div>
          <div className="form-field">
            <label htmlFor="booking-price">Price (AUD)</label>
            <input
              id="booking-price"
              name="price"
              type="text"
              inputMode="numeric"
              value={price}
              readOnly
              aria-describedby="booking-price-hint"
              {...{ [computedFromAttribute]: "boothType packageDuration", [lookupAttribute]: priceLookup }}
            />
            <p id="booking-price-hint" className="form-hint">
              Worked out from the booth type and duration; see the price table. {priceTaxNote}
            </p>
          </div>
          <div className="travel-estimate form-field" aria-live="polite">
            {travel.estimate !== undefined ? <p>{describeTravel(travel.estimate)}</p> : null}
          </div>
        </div>
        <BookingExtras itemsLeft={itemsLeftNow ?? itemsLeft ?? {}} />
        <PriceSummary lines={lines} sheet={sheet} rules={dateRules} />
        <TextArea
          name="message"
          label="Message (optional)"
          required={false}
          maxLength={maxLength.message}
          placeholder="Start time, end time, parking and any other notes"
        />
      </FieldProvider>
      <p className="field-error" aria-live="polite" id="booking-availability">
        {bookedOut}
      </p>
      <Honeypot />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          Submit booking
        </button>
      </div>
      <FormStatus status={status} />
    </form>
  );
}
