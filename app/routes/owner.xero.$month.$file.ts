import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isOwnerToken } from "~/agenda/tokens.server";
import { xeroImportOf, type XeroFile } from "~/agenda/xero-import.server";
import { notFound } from "~/bookings/record/private-responses.server";
import { xeroImportSchema } from "~/input/owner-forms";

/** A month of the books in one of Xero's import templates (`/owner/xero/2026-11/sales-invoices.csv?token=…`), with the export's token; a wrong or missing token is a plain 404. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { services } = context;
  if (!(await isOwnerToken(services, "export", new URL(request.url).searchParams.get("token")))) return notFound();
  const asked = xeroImportSchema.safeParse(params);
  if (!asked.success) return new Response(asked.error.issues[0]?.message ?? "Give a month and a file.", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const { month, file } = asked.data;
  const csv = await xeroImportOf(services, month, file.replace(/\.csv$/, "") as XeroFile);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="xero-${file.replace(/\.csv$/, "")}-${month}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
