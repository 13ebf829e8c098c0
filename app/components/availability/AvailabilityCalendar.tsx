import { useRef, type MouseEvent, type ReactNode } from "react";
import { Link, useFetcher } from "@remix-run/react";
import { calendarSearch, type CalendarDay, type CalendarMonth, type CalendarQuery } from "~/bookings/holds/calendar";
import { holdClickAttribute } from "~/hydration";
import { intentField, priceIntent } from "~/input/fields";
import { boothTypes, type BoothType } from "~/pricing";
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
  /** The form the calendar fills, when it sits at a form's date field. */
  target?: Target;
  /** The page's own query parameters, kept in every link and form of the calendar (a booking page's key). */
  keep?: Record<string, string>;
  /**
   * Set when the booth is the page's own (a booking's being moved, a quote's): no choice of booth is
   * offered, and its links carry only `keep` and the month (a day's button, its date too).
   */
  fixedBooth?: boolean;
  /** What a free day does and what its mark says, when not the booking form's. */
  legend?: { free?: string; marks?: ReactNode };
  /** Set when the calendar is part of a section with its own heading: its heading is one level down. */
  nested?: boolean;
  /**
   * Set when the calendar is not in a form (the quote page's other dates): a free day links to this
   * page with the calendar's month, booth and hours and the day, never `keep`.
   */
  dayPath?: string;
  /**
   * Set when the calendar sits in a form at its date field (the booking and quote forms): its
   * days are the form's `intent=price` buttons posting to this path with the day, and the booth
   * is chosen with links, as a form cannot hold another.
   */
  formPath?: string;
  /** The date the form holds now, marked as chosen (with JavaScript it changes in place). */
  chosenDate?: string | null;
  /** Where a day chosen without JavaScript brings the visitor back to: the id of what comes next. */
  nextId?: string;
  /**
   * Called with the form once a day has filled its date in place. React does not see a value set
   * by script as a change, so the form is told instead.
   */
  onChosen?: (form: HTMLFormElement) => void;
}

/** Fills the form's date (and the calendar's booth, if one is shown) in place; false when the form is not on the page. */
function fillForm(target: Target | undefined, date: string, booth: BoothType | null, onChosen?: (form: HTMLFormElement) => void): boolean {
  const dateInput = target && (document.getElementById(target.dateInputId) as HTMLInputElement | null);
  if (!target || !dateInput) return false;
  dateInput.value = date;
  const select = document.getElementById(target.boothSelectId) as HTMLSelectElement | null;
  if (select && booth) select.value = booth;
  // The boot script prices the form on a change event until React has loaded.
  dateInput.dispatchEvent(new Event("change", { bubbles: true }));
  if (dateInput.form) onChosen?.(dateInput.form);
  return true;
}

/** A calendar address: a booking's own calendar (`fixedBooth`) carries no booth and no hours, the booking has them. */
function searchOf(query: CalendarQuery, { keep, fixedBooth }: Pick<CalendarProps, "keep" | "fixedBooth">): string {
  return calendarSearch(fixedBooth ? { ...query, booth: null, hours: null } : query, keep);
}

/** The label a free day is read out with: its booths, rule and add-ons gone. */
function freeDayLabel(day: CalendarDay): string {
  return `${formatDateInWords(day.date)}: free (${day.free.join(", ")})${day.rule ? `, ${day.rule.words}` : ""}${day.gone.length ? `; gone: ${day.gone.join(", ")}` : ""}. Choose this date`;
}

function DayCell({ day, ...props }: { day: CalendarDay } & CalendarProps) {
  const { calendar, target } = props;
  const words = formatDateInWords(day.date);
  if (day.state === "past" || day.state === "closed") {
    return (
      <td className="calendar-day calendar-past">
        <span>
          {day.day}
          <span className="visually-hidden">{`${words}: ${day.why ?? "past"}`}</span>
        </span>
      </td>
    );
  }
  const rule = day.rule?.mark ? (
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
  const chosen = (props.chosenDate ?? calendar.date) === day.date;
  const content = (
    <>
      {day.day} <CheckIcon className="calendar-mark" />
      {day.gone.length ? (
        <span className="calendar-gone-mark" aria-hidden="true">
          *
        </span>
      ) : null}
      {rule}
    </>
  );
  if (props.formPath) {
    // With JavaScript the choice fills the form in place; without it the page comes back with the date filled in.
    const choose = (event: MouseEvent) => {
      if (fillForm(target, day.date, calendar.booth, props.onChosen)) event.preventDefault();
    };
    return (
      <td className={`calendar-day calendar-free${chosen ? " calendar-chosen" : ""}`}>
        <button
          type="submit"
          name={intentField}
          value={priceIntent}
          formAction={`${props.formPath}${searchOf({ ...calendar, date: day.date }, props)}${props.nextId ? `#${props.nextId}` : ""}`}
          formNoValidate
          onClick={choose}
          {...{ [holdClickAttribute]: "" }}
          aria-current={chosen ? "date" : undefined}
          aria-label={freeDayLabel(day)}
        >
          {content}
        </button>
      </td>
    );
  }
  // Not in a form: the day opens another page's form for it.
  return (
    <td className="calendar-day calendar-free">
      <Link to={`${props.dayPath ?? ""}${calendarSearch({ ...calendar, date: day.date })}`} aria-label={freeDayLabel(day)}>
        {content}
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

/**
 * The booth the calendar is for, as links (a form cannot hold the GET form it once was): without
 * JavaScript each opens the page for that booth; with it, choosing a booth sets the form's own
 * booth, which the calendar follows (`useCalendarFollowsBooth`).
 */
function BoothLinks({ calendar, target, keep }: Pick<CalendarProps, "calendar" | "target" | "keep">) {
  const choices: (BoothType | null)[] = [null, ...boothTypes];
  function choose(event: MouseEvent, booth: BoothType) {
    const select = target && (document.getElementById(target.boothSelectId) as HTMLSelectElement | null);
    if (!select) return;
    event.preventDefault();
    select.value = booth;
    // From the select, as the visitor's own choice would come: the form follows it, and the calendar with it.
    select.dispatchEvent(new Event("change", { bubbles: true }));
  }
  return (
    <nav className="calendar-booths" aria-label="Free dates for">
      <ul>
        {choices.map((booth) => (
          <li key={booth ?? "any"}>
            <Link
              to={`${calendarSearch({ ...calendar, booth }, keep)}#${calendarHeadingId}`}
              preventScrollReset
              aria-current={booth === calendar.booth ? "true" : undefined}
              onClick={booth ? (event) => choose(event, booth) : undefined}
              {...(booth ? { [holdClickAttribute]: "" } : {})}
            >
              {booth ?? "Any booth"}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * With JavaScript, a form's calendar follows its booth choice: the month is fetched again from the
 * page's loader (`path`) for the booth chosen, leaving the address and the form as they are (a
 * form being sent must not be navigated away from). The page's own calendar wins again once the
 * page's data changes (a month link followed).
 */
export function useCalendarFollowsBooth(calendar: CalendarMonth | null, path: string) {
  const fetcher = useFetcher<{ calendar: CalendarMonth | null }>();
  const fetchedFor = useRef<CalendarMonth | null>(null);
  const shown = fetcher.data?.calendar && fetchedFor.current === calendar ? fetcher.data.calendar : calendar;
  function followBooth(chosen: string) {
    const booth = boothTypes.find((type) => type === chosen) ?? null;
    if (!shown || booth === shown.booth) return;
    fetchedFor.current = calendar;
    fetcher.load(`${path}${calendarSearch({ ...shown, booth })}`);
  }
  return { calendar: shown, followBooth };
}

const calendarHeadingId = "calendar-heading";

/**
 * A month of availability: free days fill the date of the form the calendar is in (its
 * `intent=price` buttons) or link to another page's form (`dayPath`), booked-out and closed days
 * say so in words and a cross; each day's price rule (or a move's difference) and add-ons gone.
 */
export function AvailabilityCalendar({ calendar, target, keep = {}, fixedBooth = false, legend = {}, ...props }: CalendarProps) {
  const title = titleOf(calendar.month);
  const boothName = calendar.booth ?? "any booth";
  const Heading = props.nested ? "h3" : "h2";
  // A booking's or quote's own calendar moves from month to month with nothing but its key and the month.
  const monthLink = (month: string) => `${searchOf({ ...calendar, month, ...(fixedBooth ? { date: null } : {}) }, { keep, fixedBooth })}#${calendarHeadingId}`;
  return (
    <section className="availability-calendar" aria-labelledby={calendarHeadingId}>
      <Heading id={calendarHeadingId}>Free dates</Heading>
      {fixedBooth ? null : <BoothLinks calendar={calendar} target={target} keep={keep} />}
      <nav className="calendar-nav" aria-label="Calendar months">
        {calendar.previous ? (
          <Link to={monthLink(calendar.previous)} preventScrollReset>
            ‹ {titleOf(calendar.previous)}
          </Link>
        ) : (
          <span />
        )}
        {calendar.next ? (
          <Link to={monthLink(calendar.next)} preventScrollReset>
            {titleOf(calendar.next)} ›
          </Link>
        ) : (
          <span />
        )}
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
                day ? <DayCell key={day.date} day={day} calendar={calendar} target={target} keep={keep} fixedBooth={fixedBooth} {...props} /> : <td key={`pad-${index}`} />,
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="form-hint calendar-legend">
        <CheckIcon className="calendar-mark" /> free: {legend.free ?? "choose the day to fill in the event date"} · <CrossIcon className="calendar-mark" /> booked out ·{" "}
        {legend.marks ?? <>+20% public holidays and New Year&rsquo;s Eve · -10% Monday to Thursday</>}
      </p>
      <GoneList calendar={calendar} />
    </section>
  );
}
