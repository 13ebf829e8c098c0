import { Form, Link } from "@remix-run/react";
import type { DateCheck } from "~/bookings/holds/availability.server";
import { calendarSearch } from "~/bookings/holds/calendar";
import { formatDateInWords } from "~/utils/date-words";

function joined(items: readonly string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : (items[0] ?? "");
}

function Answer({ check }: { check: DateCheck }) {
  if ("error" in check) return <p className="field-error">{check.error}</p>;
  const words = formatDateInWords(check.date);
  if (check.free.length === 0) {
    return (
      <p>
        Every booth is booked on {words}. <Link to="/quickquote">Ask us about another date</Link>.
      </p>
    );
  }
  return (
    <p>
      On {words} the {joined(check.free)} {check.free.length > 1 ? "are" : "is"} free.{" "}
      <Link to={`/booking${calendarSearch({ month: check.date.slice(0, 7), booth: check.free.length === 1 ? check.free[0]! : null, date: check.date })}`}>
        Book {words}
      </Link>
    </p>
  );
}

/** The home page's date box: a plain GET form, so it works without JavaScript. */
export function CheckYourDate({ check, today }: { check: DateCheck | null; today: string }) {
  return (
    <section className="container page-section" aria-labelledby="check-date-heading">
      <div className="form-card">
        <h2 id="check-date-heading">Check your date</h2>
        <Form method="get" preventScrollReset className="calendar-filter">
          <label htmlFor="check-date">Event date</label>
          <input id="check-date" name="date" type="date" min={today} required defaultValue={check && "date" in check ? check.date : ""} />
          <button type="submit" className="button button-primary">
            Check
          </button>
        </Form>
        <div role="status">{check ? <Answer check={check} /> : null}</div>
      </div>
    </section>
  );
}
