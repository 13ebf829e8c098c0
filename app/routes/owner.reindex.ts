import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { isOwnerToken } from "~/agenda/tokens.server";
import { notFound } from "~/bookings/record/private-responses.server";
import { reindexPage } from "~/bookings/by-date/reindex.server";

export const loader = () => notFound();

/** One page of `npm run reindex`: the bookings in KV from `cursor` into the index; a wrong or missing token is a plain 404. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const query = new URL(request.url).searchParams;
  if (request.method !== "POST" || !(await isOwnerToken(services, "reindex", query.get("token")))) return notFound();
  return Response.json(await reindexPage(services, query.get("cursor")), { headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } });
}
