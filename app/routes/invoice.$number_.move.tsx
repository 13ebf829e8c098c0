import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { movePageView } from "~/bookings/changes/change-pages.server";
import { bookingOfPage, privatePageHeaders } from "~/bookings/record/private-responses.server";
import { MoveDateForm } from "~/components/booking-page/MoveDateForm";
import { moveAction, type ChangeRefusal } from "~/actions/booking-changes.server";
import { pageMeta } from "~/utils/seo";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { booking, secret, query } = await bookingOfPage(context.services, params.number, request);
  return movePageView(context.services, booking, secret, query);
}

export const action = ({ params, request, context }: ActionFunctionArgs) => moveAction(context.services, params.number ?? "", request);

export const headers: HeadersFunction = () => privatePageHeaders;

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, { title: `Change the date of booking ${data?.booking.invoiceNumber ?? ""}`.trim(), description: "Move your photo booth booking to another free date.", path: "/invoice", noindex: true });

export default function MovePage() {
  const { booking, window, calendar, schedules, keep } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() as ChangeRefusal | null | undefined;
  const { pathname, search } = useLocation();
  return (
    <section className="container page-section form-page">
      <h1>Change the date of booking {booking.invoiceNumber}</h1>
      <p className="form-intro">
        Your {booking.boothType}, {booking.packageDuration}, is booked for {booking.eventDate}. The price stays the same; the due dates follow the new date.
      </p>
      {!window.open ? (
        <p>{window.reason}</p>
      ) : calendar ? (
        <MoveDateForm
          // A month followed or a day chosen without JavaScript starts the form afresh from the page's date.
          key={`${calendar.month}:${calendar.date ?? ""}`}
          action={`${pathname}${search}`}
          path={pathname}
          boothType={booking.boothType}
          window={window}
          calendar={calendar}
          schedules={schedules}
          keep={keep}
          date={refusal?.value ?? calendar.date ?? ""}
          error={refusal?.error ?? null}
        />
      ) : null}
      <p>
        <Link to={booking.pagePath}>Back to your booking</Link>
      </p>
    </section>
  );
}
