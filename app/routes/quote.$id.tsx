import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { privatePageHeaders } from "~/bookings/record/private-responses.server";
import { SiteErrorPage } from "~/components/ErrorPage";
import { QuotePage } from "~/components/quote/QuotePage";
import { quotePageAction, type QuotePageRefusal } from "~/actions/quote-page.server";
import { quoteOfPage, quotePageView } from "~/quotes/quote-page.server";
import { bookingLinkNoticeField } from "~/input/fields";
import { pageMeta } from "~/utils/seo";

/** The quote its address names with its key; a wrong key or no such quote is a plain 404. */
async function openQuote({ params, request, context }: LoaderFunctionArgs) {
  const entry = await quoteOfPage(context.services, params.id, new URL(request.url).searchParams.get("key"));
  if (!entry) throw new Response("Not Found", { status: 404 });
  return entry;
}

export async function loader(args: LoaderFunctionArgs) {
  return quotePageView(args.context.services, await openQuote(args), new URL(args.request.url).searchParams);
}

export async function action(args: ActionFunctionArgs) {
  return quotePageAction(args.context.services, await openQuote(args), args.request);
}

export const headers: HeadersFunction = () => privatePageHeaders;

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, { title: data ? `Your quote ${data.id}` : "Your quote", description: "Your photo booth quote: the price, and whether your date is free.", path: "/quickquote", noindex: true });

export default function Quote() {
  const view = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() as QuotePageRefusal | undefined;
  const [search] = useSearchParams();
  return <QuotePage view={view} error={refusal?.error ?? null} posted={search.get("posted")} link={search.get(bookingLinkNoticeField)} />;
}

export function ErrorBoundary() {
  return <SiteErrorPage />;
}
