import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, type ClientActionFunctionArgs, type ShouldRevalidateFunction } from "@remix-run/react";
import { policy } from "~/business";
import { QuoteForm } from "~/components/forms/QuoteForm";
import { callServerAction } from "~/actions/client-action";
import { priceForm } from "~/actions/price-form.server";
import { formAction } from "~/actions/respond.server";
import type { FormResult } from "~/input/result";
import { calendarPage, calendarPageHeaders } from "~/bookings/holds/calendar-page.server";
import { thankYouPath } from "~/quotes/addresses.server";
import { pageMeta } from "~/utils/seo";

export const loader = ({ request, context }: LoaderFunctionArgs) => calendarPage(new URL(request.url).searchParams, context.services);

/** Sending a form does not change today's date, so the loader need not run again afterwards. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? false : defaultShouldRevalidate;

export const action = (args: ActionFunctionArgs) =>
  formAction("quote", args, thankYouPath, (typed) => priceForm(args.request, args.context.services, typed, "service"));

export const clientAction = ({ serverAction }: ClientActionFunctionArgs) => callServerAction("quote", serverAction);

export const headers: HeadersFunction = calendarPageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Quick Quote",
    description: `A free photo booth hire quote in Melbourne's west, priced at once: tell us the date, venue, booth and hours and see the price, valid for ${policy.quoteValidDays} days.`,
    path: "/quickquote",
    breadcrumb: "Quick Quote",
  });

export default function QuickquotePage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // A form priced without JavaScript (a calendar day) comes back with its own day's calendar; anything else is the form's result.
  const priced = answer && "intent" in answer ? answer : null;
  const result = priced ? undefined : (answer as FormResult | undefined);
  return (
    <section className="container page-section form-page">
      <h1>Request a quick quote</h1>
      <p className="form-intro">
        {`Tell us about your event and see your price at once: every line, whether your date is free, and a button that books it. Quotes are valid for ${policy.quoteValidDays} days.`}
      </p>
      <QuoteForm initial={result} priced={priced?.values ?? null} page={priced?.page ?? loaded} />
      <p className="button-row">
        <Link to="/packages" className="button button-secondary">
          Back to Packages
        </Link>
      </p>
    </section>
  );
}
