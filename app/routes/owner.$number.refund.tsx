import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { actOnRefundLink, openRefundLink, refundAttemptOf, refundView } from "~/bookings/payments/refund-link.server";
import { readFormBody } from "~/actions/body.server";
import { RefundButtons } from "~/components/owner-page/OwnerForms";
import { pageMeta } from "~/utils/seo";

/** The owner's signed Refund link (from the cancellation e-mail): opening it shows what is owed back; a button refunds it. */
async function openLink({ params, request, context }: LoaderFunctionArgs) {
  const booking = await openRefundLink(context.services, params.number, new URL(request.url).searchParams);
  if (!booking) throw new Response("Not Found", { status: 404 });
  return booking;
}

export async function loader(args: LoaderFunctionArgs) {
  // The form's one-time id: a double submit is one refund, a press after a failure a new one.
  return { ...refundView(args.context.services, await openLink(args)), attempt: crypto.randomUUID() };
}

/** What a press came to, or why its form was refused. */
interface RefundResult {
  done: string;
}

export async function action(args: ActionFunctionArgs) {
  const booking = await openLink(args);
  // Capped like every other form: a body that declares too much is refused unread.
  const form = await readFormBody(args.request);
  if (!form.ok) return data<RefundResult>({ done: form.error }, { status: form.status });
  const method = form.value.method === "card" ? "card" : "bank";
  return data<RefundResult>({ done: await actOnRefundLink(args.context.services, booking, method, refundAttemptOf(form.value.attempt ?? null)) });
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin", "X-Robots-Tag": "noindex" });

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, { title: `Refund ${data?.invoiceNumber ?? ""}`.trim(), description: "Refund what a cancelled booking is owed back.", path: "/owner", noindex: true });

export default function RefundPage() {
  const view = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as RefundResult | undefined;
  const { pathname, search } = useLocation();
  return (
    <section className="container page-section form-page">
      <h1>Refund {view.invoiceNumber}</h1>
      <div className="form-card">
        <p>{view.owedBackCents ? `${view.fullName} is owed back ${view.owedBack}.` : `Nothing is owed back to ${view.fullName}.`}</p>
        {result ? (
          <p role="status" className="form-status-text">
            {result.done}
          </p>
        ) : view.owedBackCents ? (
          <Form method="post" action={`${pathname}${search}`} replace className="button-row">
            <input type="hidden" name="attempt" value={view.attempt} />
            <RefundButtons {...view} />
          </Form>
        ) : null}
      </div>
    </section>
  );
}
