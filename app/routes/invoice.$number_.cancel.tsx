import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { cancelPageView } from "~/bookings/changes/change-pages.server";
import { bookingOfPage, privatePageHeaders } from "~/bookings/record/private-responses.server";
import { FormStatus } from "~/components/forms/FormStatus";
import { cancelAction, type ChangeRefusal } from "~/actions/booking-changes.server";
import { pageMeta } from "~/utils/seo";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { booking, secret } = await bookingOfPage(context.services, params.number, request);
  return cancelPageView(context.services, booking, secret);
}

export const action = ({ params, request, context }: ActionFunctionArgs) => cancelAction(context.services, params.number ?? "", request);

export const headers: HeadersFunction = () => privatePageHeaders;

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, { title: `Cancel booking ${data?.booking.invoiceNumber ?? ""}`.trim(), description: "What cancelling your photo booth booking costs today.", path: "/invoice", noindex: true });

export default function CancelPage() {
  const { booking, figures } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() as ChangeRefusal | undefined;
  const { pathname, search } = useLocation();
  return (
    <section className="container page-section form-page">
      <h1>Cancel booking {booking.invoiceNumber}</h1>
      <p className="form-intro">
        Your {booking.boothType}, {booking.packageDuration}, on {booking.eventDate}.
      </p>
      {figures ? (
        <Form method="post" action={`${pathname}${search}`} className="form-card" replace>
          <p className="booking-step">{figures.sentence}</p>
          <p>Nothing changes until you press the button. Your date is then freed for others at once.</p>
          <FormStatus status={refusal ? { tone: "error", text: refusal.error } : null} withIcon />
          <button type="submit" className="button button-primary">
            Cancel my booking
          </button>
        </Form>
      ) : (
        <p>This booking is no longer active, so there is nothing to cancel.</p>
      )}
      <p>
        <Link to={booking.pagePath}>Keep my booking and go back</Link>
      </p>
    </section>
  );
}
