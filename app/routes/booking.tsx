import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, type ClientActionFunctionArgs, type ShouldRevalidateFunction } from "@remix-run/react";
import { business, policy, priceTaxNote, travel } from "~/business";
import { BookingForm } from "~/components/forms/BookingForm";
import { BookingPriceTable } from "~/components/forms/BookingPriceTable";
import { callServerAction } from "~/actions/client-action";
import { priceForm } from "~/actions/price-form.server";
import { formAction } from "~/actions/respond.server";
import type { FormResult } from "~/input/result";
import { formatAud } from "~/pricing";
import { calendarPage, calendarPageHeaders } from "~/bookings/holds/calendar-page.server";
import { pageMeta } from "~/utils/seo";

export const loader = ({ request, context }: LoaderFunctionArgs) => calendarPage(new URL(request.url).searchParams, context.services);

/** Sending a form does not change today's date, so the loader need not run again afterwards. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? false : defaultShouldRevalidate;

export const action = (args: ActionFunctionArgs) =>
  formAction("booking", args, (receipt) => receipt.invoicePath, (typed) => priceForm(args.request, args.context.services, typed, "boothType"));

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
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // A form priced without JavaScript comes back with its own day's calendar; anything else is the form's result.
  const priced = answer && "intent" in answer ? answer : null;
  const result = priced ? undefined : (answer as FormResult | undefined);
  return (
    <section className="container page-section form-page">
      <h1>Book a photo booth</h1>
      <p className="form-intro">
        Choose your date, booth and hours and send the booking: you get an invoice number and your invoice straight away.
        Your booking is confirmed once you reply to our confirmation e-mail. Questions first? Call {business.phone.display}.
      </p>
      <div className="booking-layout">
        <BookingForm initial={result} priced={priced} page={priced?.page ?? loaded} />
        <aside>
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
