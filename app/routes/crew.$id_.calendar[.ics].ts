import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { notFound } from "~/bookings/record/private-responses.server";
import { attendantFeed } from "~/crew/attendant-feed.server";
import { attendantOfFeed } from "~/crew/attendants.server";

/** An attendant's calendar feed, under its own read-only link; a taken-back, forged or removed attendant's (or their page's signature) is a plain 404. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const attendant = await attendantOfFeed(services, params.id, new URL(request.url).searchParams);
  if (!attendant) return notFound();
  return new Response(await attendantFeed(services, attendant), {
    headers: { "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": "private, max-age=300", "X-Robots-Tag": "noindex" },
  });
}
