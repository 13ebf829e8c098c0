import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { bookingDetails, type DetailRow } from "~/bookings/record/details";
import { actOnOwnerLink, openOwnerLink } from "~/bookings/lifecycle.server";
import { formatAud } from "~/pricing";
import { pageMeta } from "~/utils/seo";
import { DetailList } from "~/components/DetailList";

/** The owner's signed link (from a notification e-mail): opening it shows the booking; the button acts while the booking's state still lets it. */
async function openLink({ params, request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const view = await openOwnerLink(services, params, new URL(request.url).searchParams);
  // Tampered, expired, another action or no such booking: a plain 404 that tells nothing.
  if (!view) throw new Response("Not Found", { status: 404 });
  return { services, view };
}

export async function loader(args: LoaderFunctionArgs) {
  return (await openLink(args)).view;
}

export async function action(args: ActionFunctionArgs) {
  const { services, view } = await openLink(args);
  return { done: await actOnOwnerLink(services, view) };
}

/**
 * The address is a credential: no caching, no indexing, and no referrer to other sites. Not
 * `no-referrer`: with it browsers send `Origin: null` on the button's post, which the
 * cross-site check rightly refuses.
 */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin", "X-Robots-Tag": "noindex" });

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, {
    title: `Booking ${data?.booking.invoiceNumber ?? ""}`.trim(),
    description: "Confirm, decline or cancel a booking.",
    path: "/owner",
    noindex: true,
  });

const buttonLabels = { confirm: "Confirm this booking", decline: "Decline this booking", cancel: "Cancel this booking" } as const;

export default function OwnerLinkPage() {
  const { action: linkAction, booking, spent } = useLoaderData<typeof loader>();
  // Post back to the very link opened: its signature is in the query.
  const { pathname, search } = useLocation();
  const result = useActionData<typeof action>();
  const rows: DetailRow[] = [["Status", booking.status], ...bookingDetails(booking), ["Price", formatAud(booking.price)]];
  return (
    <section className="container page-section form-page">
      <h1>Booking {booking.invoiceNumber}</h1>
      <div className="form-card">
        <DetailList rows={rows} />
        {result || spent ? (
          <p role="status" className="form-status-text">
            {result?.done ?? spent}
          </p>
        ) : (
          <Form method="post" action={`${pathname}${search}`} replace>
            <button type="submit" className="button button-primary">
              {buttonLabels[linkAction]}
            </button>
          </Form>
        )}
      </div>
    </section>
  );
}
