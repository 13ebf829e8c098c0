import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { notFound } from "~/bookings/record/private-responses.server";
import { attendantFeed } from "~/crew/attendant-feed.server";
import { attendantOfLink, attendantPageUrl } from "~/crew/attendants.server";

/** An attendant's calendar feed, under their own link (read-only); a taken-back, forged or removed attendant's is a plain 404. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const attendant = await attendantOfLink(services, params.id, new URL(request.url).searchParams);
  if (!attendant) return notFound();
  const page = (await attendantPageUrl(services, attendant.id)) ?? services.config.SITE_ORIGIN;
  return new Response(await attendantFeed(services, attendant, page), {
    headers: { "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": "private, max-age=300", "X-Robots-Tag": "noindex" },
  });
}
