import { useState } from "react";
import { Form } from "@remix-run/react";
import type { CalendarDay, CalendarMonth } from "~/bookings/holds/calendar";
import { AvailabilityCalendar } from "~/components/availability/AvailabilityCalendar";
import { FormStatus } from "~/components/forms/FormStatus";
import { formatDateInWords } from "~/utils/date-words";

interface MoveDateFormProps {
  /** Where the form posts: the page's own address. */
  action: string;
  /** The page's path, which a calendar day's `intent=price` button posts to with its key, month and day. */
  path: string;
  boothType: string;
  window: { from: string; to: string; fromWords: string; toWords: string };
  calendar: CalendarMonth;
  /** For each free day of the month, the deposit and balance with the dates they would fall due once moved there. */
  schedules: Record<string, { label: string; amount: string }[]>;
  keep: Record<string, string>;
  /** The date the form holds: the one just refused, or the day chosen from the calendar. */
  date: string;
  error: string | null;
}

const dateInputId = "move-date";
const choiceId = "move-choice";

function freeDay(calendar: CalendarMonth, date: string): CalendarDay | undefined {
  return calendar.weeks.flat().find((day): day is CalendarDay => day?.date === date && day.state === "free");
}

/**
 * The "Change the date" form: the new date with the booth's month at it, the dates the booking
 * can move to each marked with what the move does to the price, and the difference of the day
 * chosen and the dates its deposit and balance would fall due beside the button (docs/product-decisions.md, "Changes, cancellations and refunds").
 * Without JavaScript a day brings the page back with it filled in; with it, the day fills in place.
 */
export function MoveDateForm({ action, path, boothType, window, calendar, schedules, keep, date, error }: MoveDateFormProps) {
  const [chosen, setChosen] = useState(date);
  const day = freeDay(calendar, chosen);
  const schedule = day && schedules[day.date];
  return (
    <Form method="post" action={action} className="form-card" replace>
      <div className="form-field">
        <label htmlFor={dateInputId}>New date</label>
        <input
          id={dateInputId}
          type="date"
          name="newDate"
          required
          min={window.from}
          max={window.to}
          defaultValue={date}
          key={date}
          onChange={(event) => setChosen(event.currentTarget.value)}
          aria-describedby="move-date-hint"
        />
        <p id="move-date-hint" className="form-hint">
          From {window.fromWords} to {window.toWords}, when the {boothType} is free.
        </p>
      </div>
      <AvailabilityCalendar
        calendar={calendar}
        target={{ dateInputId, boothSelectId: "move-booth" }}
        keep={keep}
        fixedBooth
        formPath={path}
        chosenDate={chosen || null}
        nextId={choiceId}
        onChosen={(form) => setChosen(new FormData(form).get("newDate")?.toString() ?? "")}
        legend={{
          free: "choose the day to fill in the new date, with what the move changes in your price",
          marks: "a move keeps your price and travel; the due dates follow the new date",
        }}
      />
      <div id={choiceId}>
        <div className="move-difference" aria-live="polite">
          {day?.rule ? <p>{`Moving to ${formatDateInWords(day.date)}: ${day.rule.words}.`}</p> : null}
          {schedule ? <p className="move-due">{`On that date: ${schedule.map((line) => `${line.label}, ${line.amount}`).join("; ")}.`}</p> : null}
        </div>
        <FormStatus status={error ? { tone: "error", text: error } : null} withIcon />
        <button type="submit" className="button button-primary">
          Move my booking to this date
        </button>
      </div>
    </Form>
  );
}
