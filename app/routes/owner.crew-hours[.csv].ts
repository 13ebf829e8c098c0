import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isOwnerToken } from "~/agenda/tokens.server";
import { notFound } from "~/bookings/record/private-responses.server";
import { hoursCsv, monthHours } from "~/crew/hours.server";
import { hoursMonthSchema } from "~/input/owner-forms";

/** The crew's paid hours of one month (`month`, YYYY-MM), for payroll; a wrong or missing token is a plain 404. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const query = new URL(request.url).searchParams;
  if (!(await isOwnerToken(services, "crew-hours", query.get("token")))) return notFound();
  const month = hoursMonthSchema.safeParse(Object.fromEntries(query));
  if (!month.success) return new Response(month.error.issues[0]?.message ?? "Give the month as YYYY-MM.", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(hoursCsv(await monthHours(services, month.data.month)), {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="crew-hours-${month.data.month}.csv"`, "Cache-Control": "private, no-store" },
  });
}
