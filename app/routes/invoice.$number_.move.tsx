import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { movePageView } from "~/bookings/changes/change-pages.server";
import { bookingOfPage, privatePageHeaders } from "~/bookings/record/private-responses.server";
import { AvailabilityCalendar } from "~/components/availability/AvailabilityCalendar";
import { FormStatus } from "~/components/forms/FormStatus";
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
  const { booking, window, calendar, keep } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() as ChangeRefusal | undefined;
  const { pathname, search } = useLocation();
  const chosen = calendar?.date ?? refusal?.value ?? "";
  return (
    <section className="container page-section form-page">
      <h1>Change the date of booking {booking.invoiceNumber}</h1>
      <p className="form-intro">
        Your {booking.boothType}, {booking.packageDuration}, is booked for {booking.eventDate}. The price stays the same; the due dates follow the new date.
      </p>
      {window.open ? (
        <div className="booking-layout">
          <Form method="post" action={`${pathname}${search}`} className="form-card" replace>
            <div className="form-field">
              <label htmlFor="move-date">New date</label>
              <input id="move-date" type="date" name="newDate" required min={window.from} max={window.to} defaultValue={chosen} key={chosen} aria-describedby="move-date-hint" />
              <p id="move-date-hint" className="form-hint">
                From {window.fromWords} to {window.toWords}, when the {booking.boothType} is free.
              </p>
            </div>
            <FormStatus status={refusal ? { tone: "error", text: refusal.error } : null} withIcon />
            <button type="submit" className="button button-primary">
              Move my booking to this date
            </button>
          </Form>
          {calendar ? <AvailabilityCalendar calendar={calendar} target={{ dateInputId: "move-date", boothSelectId: "move-booth" }} keep={keep} fixedBooth /> : null}
        </div>
      ) : (
        <p>{window.reason}</p>
      )}
      <p>
        <Link to={booking.pagePath}>Back to your booking</Link>
      </p>
    </section>
  );
}
