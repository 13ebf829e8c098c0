import { json, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { privateHeaders } from "~/bookings/record/private-responses.server";
import { messages } from "~/input/messages";
import { quotePagePath } from "~/quotes/addresses.server";
import { quoteOfPage } from "~/quotes/quote-page.server";
import { pageMeta } from "~/utils/seo";

/** After a quote: the link to the client's quote page, when the address carries the quote's key (docs/product-decisions.md, "Quotes"). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const entry = query.has("quote") ? await quoteOfPage(context.services, query.get("quote") ?? "", query.get("key")) : null;
  const view = { quotePath: entry ? quotePagePath(entry.quote) : null, priced: entry?.quote.offer.priced ?? false };
  // With a quote's key in the address, nothing may keep the page or pass the address on.
  return json(view, { headers: query.has("quote") ? privateHeaders : {} });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Thank You",
    description: "Your request has been received. We'll get back to you shortly.",
    path: "/thankyou",
    breadcrumb: "Thank You",
    noindex: true,
  });

export default function ThankyouPage() {
  const { quotePath, priced } = useLoaderData<typeof loader>();
  return (
    <section className="container page-section thank-you">
      <img src="/images/blog/why-choose-us.svg" alt="" width={480} height={300} decoding="async" />
      <h1>Thank You!</h1>
      <p>{"Your request has been received. We'll get back to you shortly."}</p>
      {quotePath ? (
        <p className="thank-you-quote">
          <a href={quotePath} className="button button-primary">
            {priced ? "See your quote and book it" : "See your quote request"}
          </a>
          <span className="form-hint">{` ${messages.quote.success} We have e-mailed you the same link.`}</span>
        </p>
      ) : null}
      <p className="button-row">
        <Link to="/" className="button button-secondary">
          Back to Home
        </Link>
      </p>
    </section>
  );
}
