import type { ActionFunctionArgs, HeadersFunction, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData } from "@remix-run/react";
import { ownerPaymentsAction, type PaymentFormRefusal } from "~/forms/bank-payments.server";
import { pageMeta } from "~/utils/seo";

/** Nothing to show without a form sent: the forms live on the owner's page of the booking. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

/** The owner records a bank payment, or voids one, from their page of the booking. */
export function action({ params, request, context }: ActionFunctionArgs) {
  return ownerPaymentsAction(context.services, params.number, request);
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin", "X-Robots-Tag": "noindex" });

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: "Bank payment not recorded", description: "A bank payment form that could not be taken.", path: "/owner", noindex: true });

export default function PaymentRefused() {
  const refusal = useActionData<typeof action>() as PaymentFormRefusal | undefined;
  return (
    <section className="container page-section form-page">
      <h1>Nothing was recorded</h1>
      <div className="form-card">
        <p role="alert">{refusal?.error ?? "The form could not be taken."}</p>
        {refusal ? (
          <p>
            <Link to={refusal.back}>Back to the booking</Link>
          </p>
        ) : null}
      </div>
    </section>
  );
}
