import { useEffect, useState, type FormEvent } from "react";
import { paymentTerms, priceTaxNote } from "~/business";
import { bookingService, maxLength, type FormValues } from "~/input/fields";
import { messages } from "~/input/messages";
import type { FormResult } from "~/input/result";
import { makeInvoiceNumber } from "~/bookings/numbers/invoice-number";
import type { CalendarPage } from "~/bookings/holds/calendar-page.server";
import { computedFromAttribute, lookupAttribute } from "~/hydration";
import { depositCents, paidWholeWhenBooked, sheetChoice, sheetRule, sheetSold, travelLines, withRule, type DueTerms, type PriceLine, type SheetChoice } from "~/prices/price-sheet";
import { paymentChoices, type PaymentChoice } from "~/bookings/plans/choices";
import { addDays } from "~/utils/melbourne-time";
import { bookingDurations, bookingPrice, boothTypes, type BookingDuration, type BoothType } from "~/pricing";
import type { Travel } from "~/travel/fees";
import { describeTravel } from "~/travel/describe";
import { useCalendarFollowsBooth } from "~/components/availability/AvailabilityCalendar";
import { DateChoice } from "~/components/availability/DateChoice";
import { BookingExtras } from "./BookingExtras";
import { bookingSheet as sheet } from "./booking-sheet";
import { ContactFields } from "./ContactFields";
import { FieldProvider, SelectField, TextArea } from "./Fields";
import { FormStatus } from "./FormStatus";
import { Honeypot } from "./Honeypot";
import { PaymentChoiceField } from "./PaymentChoiceField";
import { CompactPrice, PriceSummary } from "./PriceSummary";
import { PromoCodeField } from "./PromoCodeField";
import { RepriceButton } from "./RepriceButton";
import { useBookedOutCheck } from "./useBookedOutCheck";
import { useFormSubmission } from "./useFormSubmission";
import { useTravelEstimate, type TravelEstimate } from "./useTravelEstimate";

/** Travel's line once the venue is known and within the online limit; travel to be confirmed adds nothing online. */
function travelOf(estimate: TravelEstimate) {
  return estimate?.bookable ? travelLines(estimate.travelFee) : [];
}

function priceOf(boothType: string | undefined, duration: string | undefined): number {
  const booth = boothTypes.find((value) => value === boothType) as BoothType | undefined;
  const hours = bookingDurations.find((value) => value === duration) as BookingDuration | undefined;
  return bookingPrice(booth, hours);
}

/** The ways to pay the price shown, once a date and a booth are chosen and the event is far enough away for a deposit. */
function choicesOf(lines: readonly PriceLine[], eventDate: string, due: DueTerms): PaymentChoice[] {
  if (!lines.length || !eventDate || paidWholeWhenBooked(eventDate, due)) return [];
  const totalCents = lines.reduce((sum, line) => sum + line.cents, 0);
  return paymentChoices({ totalCents, depositCents: depositCents(totalCents, due.depositPercent), bookedOn: due.today, balanceDueOn: addDays(eventDate, -due.fullWithinDays) });
}

/** Every booth and duration's price, for the page's boot script to fill in the price before React loads (app/hydration.ts). */
const priceLookup = JSON.stringify(Object.fromEntries(boothTypes.flatMap((booth) => bookingDurations.map((hours) => [`${booth}|${hours}`, bookingPrice(booth, hours)]))));

/** The form priced without JavaScript (`intent=price`): what was typed, and travel to the venue typed. */
export interface PricedValues {
  values: FormValues;
  /** Absent when no venue was typed; null when no locality was found in it. */
  travel?: Travel | null;
}

interface BookingFormProps {
  initial: FormResult | undefined;
  priced: PricedValues | null;
  /** The calendar and the chosen day's availability (from the address, or from the form priced). */
  page: CalendarPage;
}

/** What the form starts with: what a refused or priced post held, else what the address chose (a day, booth and hours from the calendar). */
function startingValues(initial: FormResult | undefined, priced: PricedValues | null, { query }: CalendarPage): FormValues {
  if (initial && !initial.ok) return initial.values;
  if (priced) return priced.values;
  const hours = bookingDurations.find((duration) => duration === query.hours);
  return { eventDate: query.date ?? "", boothType: query.booth ?? "", packageDuration: hours ?? "" };
}

/**
 * The booking form, in the order a visitor decides (docs/product-decisions.md, "Booking on a
 * phone"): the date with the calendar at it and what is free that day, the booth and hours, the
 * extras, who and where, the code and a message, the price, Submit. Its field names, messages and
 * answers are the seed's: a post without `intent` is sent as it always was.
 */
export function BookingForm({ initial, priced, page }: BookingFormProps) {
  const values = startingValues(initial, priced, page);
  const initialPrice = priceOf(values.boothType, values.packageDuration);
  const initialChoice = sheetChoice(sheet, (name) => values[name] ?? "");
  const [price, setPrice] = useState(initialPrice);
  const [choice, setChoice] = useState<SheetChoice>(initialChoice);
  const travel = useTravelEstimate(priced?.travel);
  const lines = [...withRule(sheetSold(sheet, choice), sheetRule(page.dateRules, choice.eventDate)), ...travelOf(travel.estimate)];
  const due: DueTerms = { today: page.today, depositPercent: paymentTerms.depositPercent, fullWithinDays: paymentTerms.balanceDueDaysBeforeEvent };
  const { formRef, onSubmit, status, fieldErrors, busy } = useFormSubmission({
    action: "/booking",
    initial,
    prepare: (data) => data.set("invoiceNumber", makeInvoiceNumber()),
    successText: messages.booking.success,
  });

  // With JavaScript, what is free on the date the client has since chosen.
  const checked = useBookedOutCheck("boothType");
  const boothsFree = checked.boothsFree ?? page.boothsFree;
  const { calendar, followBooth } = useCalendarFollowsBooth(page.calendar, "/booking");

  function follow(form: HTMLFormElement, changed: string | null) {
    const data = new FormData(form);
    if (changed === null || changed === "eventLocation") travel.lookUp(String(data.get("eventLocation") ?? ""));
    if (changed === "boothType") followBooth(String(data.get("boothType") ?? ""));
    void checked.checkAvailability(form);
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
      className="form-card booking-form"
      aria-labelledby="booking-form-heading"
    >
      <h2 id="booking-form-heading">Your booking</h2>
      <p className="form-hint">Every field except the message and the promo code is required.</p>
      <FieldProvider idPrefix="booking" values={values} errors={fieldErrors} requiredBy="native">
        <DateChoice
          idPrefix="booking"
          boothField="boothType"
          formPath="/booking"
          today={page.today}
          calendar={calendar}
          date={choice.eventDate}
          boothsFree={boothsFree}
          rules={page.dateRules}
          onChosen={(form) => follow(form, "eventDate")}
        />
        <div className="form-grid">
          <SelectField
            name="boothType"
            label="Booth type"
            options={boothTypes}
            placeholder="Select a booth"
            unavailable={boothsFree ? boothTypes.filter((type) => boothsFree[type] < 1) : []}
          />
          <SelectField name="packageDuration" label="Package duration" options={bookingDurations} placeholder="Select a duration" />
        </div>
        <BookingExtras itemsLeft={checked.itemsLeft ?? page.itemsLeft ?? {}} />
        <div className="form-grid">
          <ContactFields locationHint="Venue and suburb or postcode, e.g. Werribee Park Mansion, Werribee South 3030: travel is worked out from the suburb." />
          <div className="travel-estimate form-field" aria-live="polite">
            {travel.estimate !== undefined ? <p>{describeTravel(travel.estimate)}</p> : null}
          </div>
        </div>
        <PromoCodeField hint="We check the code when you send the booking; its discount shows on your invoice." />
        <TextArea
          name="message"
          label="Message (optional)"
          required={false}
          maxLength={maxLength.message}
          placeholder="Start time, end time, parking and any other notes"
        />
        <div className="form-grid">
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
              The booth for its hours, before extras, the date&apos;s rule and travel. {priceTaxNote}
            </p>
          </div>
        </div>
        <PriceSummary lines={lines} eventDate={choice.eventDate} due={due} sheet={sheet} rules={page.dateRules} />
        <PaymentChoiceField
          choices={choicesOf(lines, choice.eventDate, due)}
          fallback="deposit-balance"
          hint="Worked out from the price above: a promo code's discount, applied when you book, lowers the amounts, and your invoice says them exactly. You can change this on your booking page until the deposit is paid."
        />
        <RepriceButton />
      </FieldProvider>
      <p className="field-error" aria-live="polite" id="booking-availability">
        {checked.bookedOut}
      </p>
      <Honeypot />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          Submit booking
        </button>
      </div>
      <FormStatus status={status} />
      <CompactPrice lines={lines} eventDate={choice.eventDate} due={due} />
    </form>
  );
}
