import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { availabilityBetween, availabilityRange } from "~/bookings/holds/availability.server";
import { availabilityReport } from "~/bookings/holds/availability-report";
import { melbourneToday } from "~/utils/melbourne-time";

/** Availability changes with every booking: never cached. */
const noStore = { "Cache-Control": "private, no-store" };

/** `GET /api/availability?from=YYYY-MM-DD&to=YYYY-MM-DD`: free booths, add-ons left and the price rule per date, nothing personal. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const range = availabilityRange(new URL(request.url).searchParams, melbourneToday(services.now()));
  if (!range.ok) return Response.json({ error: range.error }, { status: 400, headers: noStore });
  const days = await availabilityBetween(services, range.from, range.to);
  return Response.json(availabilityReport(range.from, range.to, days), { headers: noStore });
}
