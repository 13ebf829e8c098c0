import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adjustmentNote } from "~/bookings/invoice/adjustment-note";
import { renderAdjustmentNotePdf } from "~/bookings/invoice/adjustment-note-pdf.server";
import { notFound, privateFile } from "~/bookings/record/private-responses.server";
import { findBookingBySecret } from "~/bookings/record/record.server";

/** The adjustment note of a booking's refunds, drawn from the stored booking for the holder of its key. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const booking = await findBookingBySecret(services, params.number ?? "", new URL(request.url).searchParams.get("key"));
  const note = booking && adjustmentNote(booking);
  if (!booking || !note) return notFound();
  const bytes = await renderAdjustmentNotePdf(booking, note, services.fonts);
  return privateFile(new Blob([bytes as Uint8Array<ArrayBuffer>]), "application/pdf", `${booking.invoiceNumber}-adjustment-note.pdf`);
}
