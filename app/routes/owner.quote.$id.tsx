import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { privateHeaders } from "~/bookings/record/private-responses.server";
import { OwnerQuotePage } from "~/components/quote/OwnerQuotePage";
import { ownerQuoteView, quoteOfOwnerLink } from "~/quotes/owner-view.server";
import { pageMeta } from "~/utils/seo";

/** The owner's view of one quote, from the signed link in the owner's copy of it (no login); any other address is a plain 404. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const entry = await quoteOfOwnerLink(context.services, params.id, new URL(request.url).searchParams);
  if (!entry) throw new Response("Not Found", { status: 404 });
  return ownerQuoteView(context.services, entry);
}

// Read-only, with no forms: the address need not go anywhere, not even as a referrer.
export const headers: HeadersFunction = () => privateHeaders;

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, { title: `Quote ${data?.id ?? ""}`.trim(), description: "The owner's view of one quote.", path: "/owner", noindex: true });

export default function OwnerQuote() {
  return <OwnerQuotePage view={useLoaderData<typeof loader>()} />;
}
