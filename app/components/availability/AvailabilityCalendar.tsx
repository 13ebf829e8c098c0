import type { MouseEvent } from "react";
import { Form, Link } from "@remix-run/react";
import { boothSlugs } from "~/bookings/holds/fleet";
import { calendarSearch, type CalendarDay, type CalendarMonth } from "~/bookings/holds/calendar";
import { holdClickAttribute } from "~/hydration";
import { boothTypes } from "~/pricing";
import { formatDateInWords } from "~/utils/date-words";
import { CheckIcon, CrossIcon } from "~/components/Icons";

const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

const monthTitle = new Intl.DateTimeFormat("en-AU", { month: "long", year: "numeric", timeZone: "UTC" });

function titleOf(month: string): string {
  return monthTitle.format(new Date(`${month}-01T00:00:00Z`));
}

interface Target {
  /** Id of the form's event date input, filled in place when JavaScript runs. */
  dateInputId: string;
  /** Id of the form's booth select, set to the calendar's booth when one is chosen. */
  boothSelectId: string;
}

interface CalendarProps {
  calendar: CalendarMonth;
  target: Target;
  /** The page's own query parameters, kept in every link and form of the calendar (a booking page's key). */
  keep?: Record<string, string>;
  /** Set when the booth is the page's own (a booking's): no choice of booth is offered. */
  fixedBooth?: boolean;
}

function DayCell({ day, calendar, target, keep }: { day: CalendarDay } & CalendarProps) {
  const words = formatDateInWords(day.date);
  if (day.state === "past") {
    return (
      <td className="calendar-day calendar-past">
        <span>
          {day.day}
          <span className="visually-hidden">{`${words}: past`}</span>
        </span>
      </td>
    );
  }
  const rule = day.rule ? (
    <span className="calendar-rule" aria-hidden="true">
      {day.rule.mark}
    </span>
  ) : null;
  if (day.state === "booked") {
    return (
      <td className="calendar-day calendar-booked">
        <span>
          {day.day} <CrossIcon className="calendar-mark" />
          {rule}
          <span className="visually-hidden">{`${words}: booked out${day.gone.length ? ` (gone: ${day.gone.join(", ")})` : ""}`}</span>
        </span>
      </td>
    );
  }
  // With JavaScript the choice fills the form in place; without it the page comes back with the date filled in.
  function choose(event: MouseEvent<HTMLAnchorElement>) {
    const dateInput = document.getElementById(target.dateInputId) as HTMLInputElement | null;
    if (!dateInput) return;
    event.preventDefault();
    dateInput.value = day.date;
    const booth = document.getElementById(target.boothSelectId) as HTMLSelectElement | null;
    if (booth && calendar.booth) booth.value = calendar.booth;
    dateInput.form?.dispatchEvent(new Event("change", { bubbles: true }));
    dateInput.focus();
  }
  const chosen = calendar.date === day.date;
  return (
    <td className={`calendar-day calendar-free${chosen ? " calendar-chosen" : ""}`}>
      <Link
        to={`${calendarSearch({ ...calendar, date: day.date }, keep)}#${target.dateInputId}`}
        preventScrollReset
        onClick={choose}
        {...{ [holdClickAttribute]: "" }}
        aria-current={chosen ? "date" : undefined}
        aria-label={`${words}: free (${day.free.join(", ")})${day.rule ? `, ${day.rule.words}` : ""}${day.gone.length ? `; gone: ${day.gone.join(", ")}` : ""}. Choose this date`}
      >
        {day.day} <CheckIcon className="calendar-mark" />
        {day.gone.length ? (
          <span className="calendar-gone-mark" aria-hidden="true">
            *
          </span>
        ) : null}
        {rule}
      </Link>
    </td>
  );
}

/** The free days of the month with add-ons gone, listed under the grid: "Sat 13 Mar: Floral backdrop". */
function GoneList({ calendar }: { calendar: CalendarMonth }) {
  const days = calendar.weeks.flat().filter((day): day is CalendarDay => Boolean(day?.gone.length));
  if (!days.length) return null;
  return (
    <div className="calendar-gone">
      <p>* Add-ons already booked:</p>
      <ul>
        {days.map((day) => (
          <li key={day.date}>
            {formatDateInWords(day.date)}: {day.gone.join(", ")}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A month of availability: free days are links that fill the event date, booked-out days say so in words and a cross; each day's price rule and add-ons gone. */
export function AvailabilityCalendar({ calendar, target, keep = {}, fixedBooth = false }: CalendarProps) {
  const title = titleOf(calendar.month);
  const boothName = calendar.booth ?? "any booth";
  return (
    <section className="form-card availability-calendar" aria-labelledby="calendar-heading">
      <h2 id="calendar-heading">Free dates</h2>
      {fixedBooth ? null : (
        <Form method="get" preventScrollReset className="calendar-filter">
          {Object.entries(keep).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="month" value={calendar.month} />
          <label htmlFor="calendar-booth">Booth</label>
          <select id="calendar-booth" name="booth" defaultValue={calendar.booth ? boothSlugs[calendar.booth] : ""} key={calendar.booth ?? ""}>
            <option value="">All booths</option>
            {boothTypes.map((type) => (
              <option key={type} value={boothSlugs[type]}>
                {type}
              </option>
            ))}
          </select>
          <button type="submit" className="button button-secondary">
            Show
          </button>
        </Form>
      )}
      <nav className="calendar-nav" aria-label="Calendar months">
        {calendar.previous ? (
          <Link to={calendarSearch({ ...calendar, month: calendar.previous, date: null }, keep)} preventScrollReset>
            ‹ {titleOf(calendar.previous)}
          </Link>
        ) : (
          <span />
        )}
        <Link to={calendarSearch({ ...calendar, month: calendar.next, date: null }, keep)} preventScrollReset>
          {titleOf(calendar.next)} ›
        </Link>
      </nav>
      <table className="calendar-grid">
        <caption>
          {title}: {boothName}
        </caption>
        <thead>
          <tr>
            {weekdays.map((name) => (
              <th key={name} scope="col">
                <abbr title={name}>{name.slice(0, 3)}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {calendar.weeks.map((week) => (
            <tr key={week.find(Boolean)?.date}>
              {week.map((day, index) =>
                day ? <DayCell key={day.date} day={day} calendar={calendar} target={target} keep={keep} /> : <td key={`pad-${index}`} />,
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="form-hint calendar-legend">
        <CheckIcon className="calendar-mark" /> free: choose the day to fill in the event date · <CrossIcon className="calendar-mark" /> booked out · +20%
        public holidays and New Year&rsquo;s Eve · -10% Monday to Thursday
      </p>
      <GoneList calendar={calendar} />
    </section>
  );
}
