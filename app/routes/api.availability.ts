import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { availabilityBetween, availabilityRange } from "~/bookings/holds/availability.server";
import { boothTypes } from "~/pricing";
import { melbourneToday } from "~/utils/melbourne-time";

/** Availability changes with every booking: never cached. */
const noStore = { "Cache-Control": "private, no-store" };

/** `GET /api/availability?from=YYYY-MM-DD&to=YYYY-MM-DD`: free booths per date and type, nothing personal. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const range = availabilityRange(new URL(request.url).searchParams, melbourneToday(services.now()));
  if (!range.ok) return Response.json({ error: range.error }, { status: 400, headers: noStore });
  const dates = await availabilityBetween(services, range.from, range.to);
  return Response.json({ from: range.from, to: range.to, booths: boothTypes, dates }, { headers: noStore });
}
