import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, type ClientActionFunctionArgs, type ShouldRevalidateFunction } from "@remix-run/react";
import { business, policy, priceTaxNote, travel } from "~/business";
import { BookingForm } from "~/components/forms/BookingForm";
import { BookingPriceTable } from "~/components/forms/BookingPriceTable";
import { callServerAction } from "~/actions/client-action";
import { formAction } from "~/actions/respond.server";
import type { FormResult } from "~/input/result";
import { lastBookableDate } from "~/input/field-shapes";
import { dateRulesBetween } from "~/prices/date-rules";
import { formatAud } from "~/pricing";
import { calendarPage, calendarPageHeaders } from "~/bookings/holds/calendar-page.server";
import { AvailabilityCalendar } from "~/components/availability/AvailabilityCalendar";
import { pageMeta } from "~/utils/seo";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = await calendarPage(request, context.services);
  return { ...page, dateRules: dateRulesBetween(page.today, lastBookableDate(page.today)) };
}

/** Sending a form does not change today's date, so the loader need not run again afterwards. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? false : defaultShouldRevalidate;

export const action = (args: ActionFunctionArgs) => formAction("booking", args, (receipt) => receipt.invoicePath);

export const clientAction = ({ serverAction }: ClientActionFunctionArgs) => callServerAction("booking", serverAction);

export const headers: HeadersFunction = calendarPageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Book a Photo Booth",
    description: `Book an Open, Glam or Enclosed photo booth for 2 to 5 hours anywhere up to ${travel.onlineLimitKm} km from ${travel.base.locality}. See the price, send the booking and get your invoice straight away.`,
    path: "/booking",
    breadcrumb: "Booking",
  });

export default function BookingPage() {
  const { today, calendar, itemsLeft, dateRules } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  return (
    <section className="container page-section form-page">
      <h1>Book a photo booth</h1>
      <p className="form-intro">
        Choose your booth and hours and send the booking: you get an invoice number and your invoice straight away.
        Your booking is confirmed once you reply to our confirmation e-mail. Questions first? Call {business.phone.display}.
      </p>
      <div className="booking-layout">
        <BookingForm initial={result} today={today} chosen={{ eventDate: calendar.date, boothType: calendar.booth }} dateRules={dateRules} itemsLeft={itemsLeft} />
        <aside>
          <AvailabilityCalendar calendar={calendar} target={{ dateInputId: "booking-eventDate", boothSelectId: "booking-boothType" }} />
          <section className="form-card" aria-labelledby="booking-prices-heading">
            <h2 id="booking-prices-heading">Prices</h2>
            <BookingPriceTable />
            <p className="form-hint">{priceTaxNote}</p>
            <p className="form-hint">
              Free delivery within {travel.freeWithinKm} km of {travel.base.locality} and anywhere in Greater Melbourne; farther, travel
              is {formatAud(travel.dollarsPerKmBeyond)} per km beyond {travel.freeWithinKm} km. We book online up to{" "}
              {travel.onlineLimitKm} km away; for farther venues, <Link to="/quickquote">ask for a quote</Link>.
            </p>
            <p className="form-hint">
              We need a flat, dry surface, power within{" "}
              {policy.powerWithinMetres} metres and at least {policy.minimumSpace} of space.
            </p>
          </section>
        </aside>
      </div>
    </section>
  );
}
