import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { attendantPageAction } from "~/actions/attendant-page.server";
import { privatePageHeaders } from "~/bookings/record/private-responses.server";
import { SiteErrorPage } from "~/components/ErrorPage";
import { AttendantPage } from "~/components/crew/AttendantPage";
import { attendantOfLink } from "~/crew/attendants.server";
import { attendantPageView } from "~/crew/attendant-page.server";
import { pageMeta } from "~/utils/seo";

/** The attendant their own link names (no login); a taken-back, forged or removed attendant's link is a plain 404. */
async function open({ params, request, context }: LoaderFunctionArgs) {
  const attendant = await attendantOfLink(context.services, params.id, new URL(request.url).searchParams);
  if (!attendant) throw new Response("Not Found", { status: 404 });
  return attendant;
}

export async function loader(args: LoaderFunctionArgs) {
  return attendantPageView(args.context.services, await open(args));
}

export async function action(args: ActionFunctionArgs) {
  return attendantPageAction(args.context.services, await open(args), args.request);
}

export const headers: HeadersFunction = () => privatePageHeaders;

export const meta: MetaFunction<typeof loader> = ({ matches }) => pageMeta(matches, { title: "Your events", description: "The events you work, with a sheet for each.", path: "/crew", noindex: true });

export default function Crew() {
  const view = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() as { error: string } | undefined;
  const [search] = useSearchParams();
  return <AttendantPage view={view} done={refusal ? null : search.get("done")} error={refusal?.error ?? null} />;
}

export function ErrorBoundary() {
  return <SiteErrorPage />;
}
