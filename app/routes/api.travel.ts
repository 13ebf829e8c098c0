import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { maxLength } from "~/input/fields";
import { travelTo } from "~/travel/travel.server";

/**
 * `GET /api/travel?place=...`: the locality found in `place`, its distance from the base and the
 * travel fee, or 404 `{ error }` when no Victorian locality is in it. The booking form asks as
 * the visitor types; the answer depends only on the text, so browsers may keep it for a day.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const place = new URL(request.url).searchParams.get("place")?.trim() ?? "";
  if (!place || place.length > maxLength.eventLocation) {
    return Response.json({ error: `Give the venue's suburb or postcode in place (up to ${maxLength.eventLocation} characters).` }, { status: 400 });
  }
  const travel = travelTo(place);
  if (!travel) return Response.json({ error: "No Victorian suburb or postcode was found in that place." }, { status: 404 });
  return Response.json(travel, { headers: { "Cache-Control": "public, max-age=86400" } });
}
