import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { exportOf } from "~/agenda/export.server";
import { isOwnerToken } from "~/agenda/tokens.server";
import { notFound } from "~/bookings/record/private-responses.server";
import { exportRangeSchema } from "~/input/owner-forms";

/** The accountant's export of a range of dates (`from`, `to`, inclusive); a wrong or missing token is a plain 404. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const query = new URL(request.url).searchParams;
  if (!(await isOwnerToken(services, "export", query.get("token")))) return notFound();
  const range = exportRangeSchema.safeParse(Object.fromEntries(query));
  if (!range.success) return new Response(range.error.issues[0]?.message ?? "Give from and to as YYYY-MM-DD.", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const csv = await exportOf(services, range.data.from, range.data.to);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="bookings-${range.data.from}-to-${range.data.to}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
