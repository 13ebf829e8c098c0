import type { CalendarMonth } from "~/bookings/holds/calendar";
import type { BoothCounts } from "~/bookings/holds/fleet";
import type { DateRules } from "~/prices/price-sheet";
import { TextField } from "~/components/forms/Fields";
import { AvailabilityCalendar } from "./AvailabilityCalendar";
import { DayOffer } from "./DayOffer";

interface DateChoiceProps {
  /** The form's id prefix (`booking`, `quote`): its fields' ids. */
  idPrefix: string;
  /** The form's booth field (`boothType`, `service`). */
  boothField: string;
  /** The page the form posts to, which a day's `intent=price` button posts to with the day. */
  formPath: string;
  today: string;
  /** The month of availability; null when it could not be read. */
  calendar: CalendarMonth | null;
  /** The date the form holds now. */
  date: string;
  boothsFree: BoothCounts | null;
  rules: DateRules;
  /** The form's own follow-up of a day chosen in place (with JavaScript). */
  onChosen: (form: HTMLFormElement) => void;
}

/**
 * The first step of the booking and quote forms: the event date with the month calendar right at
 * it, then what is free that day and its prices (docs/product-decisions.md, "Booking on a phone").
 * If availability could not be read, the form says so and still posts: the server decides.
 */
export function DateChoice({ idPrefix, boothField, formPath, today, calendar, date, boothsFree, rules, onChosen }: DateChoiceProps) {
  const target = { dateInputId: `${idPrefix}-eventDate`, boothSelectId: `${idPrefix}-${boothField}` };
  const dayId = `${idPrefix}-day`;
  return (
    <div className="date-choice">
      <TextField name="eventDate" label="Event date" type="date" min={today} hint="Type it, or choose a free day below." />
      {calendar ? (
        <AvailabilityCalendar calendar={calendar} target={target} formPath={formPath} nested chosenDate={date || null} nextId={dayId} onChosen={onChosen} />
      ) : (
        <p className="field-error">We could not read which dates are free just now. Choose your date and send the form: we check it when it arrives.</p>
      )}
      {/^\d{4}-\d{2}-\d{2}$/.test(date) ? <DayOffer id={dayId} date={date} boothsFree={boothsFree} rules={rules} /> : null}
    </div>
  );
}
