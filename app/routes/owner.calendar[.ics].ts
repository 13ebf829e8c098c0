import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ownerFeed } from "~/agenda/feed.server";
import { isOwnerToken } from "~/agenda/tokens.server";
import { notFound } from "~/bookings/record/private-responses.server";

/** The owner's calendar feed, to subscribe to on a phone; a wrong or missing token is a plain 404. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  if (!(await isOwnerToken(services, "feed", new URL(request.url).searchParams.get("token")))) return notFound();
  return new Response(await ownerFeed(services), {
    headers: { "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": "private, max-age=300", "X-Robots-Tag": "noindex" },
  });
}
