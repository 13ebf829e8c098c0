/** The adjustment note as a one-page PDF, drawn with the site's PDF pen. */
import { business, tax } from "~/business";
import type { AdjustmentNote } from "~/bookings/invoice/adjustment-note";
import type { BookingRecord } from "~/bookings/record/booking";
import type { FontFiles } from "~/bookings/invoice/invoice-fonts.server";
import { accent, amountRow, heading, line, openPen, paragraph, rule, soft, unprintableNote } from "~/bookings/invoice/pdf-pen.server";

export async function renderAdjustmentNotePdf(booking: BookingRecord, note: AdjustmentNote, fonts: FontFiles): Promise<Uint8Array> {
  const { doc, pen } = await openPen(fonts, booking);
  doc.setTitle(note.title);
  doc.setAuthor(business.name);
  line(pen, business.name, { size: 20, bold: true, color: accent });
  line(pen, `ABN ${tax.abn} · ${business.address.display}`, { size: 10, color: soft });
  pen.y -= 12;
  line(pen, note.title, { size: 16, bold: true });
  heading(pen, "To");
  paragraph(pen, booking.fullName, { size: 11, maxLines: 2 });
  heading(pen, "Refunds (GST included)");
  for (const item of note.lines) amountRow(pen, { label: `${item.label} (GST ${item.gst})`, amount: item.amount });
  rule(pen);
  amountRow(pen, { label: `${note.total.label}; GST taken back ${note.total.gst}`, amount: note.total.amount }, true);
  paragraph(pen, `This note adjusts tax invoice ${note.invoiceNumber}: the GST it charged is reduced by ${note.total.gst}.`);
  unprintableNote(pen);
  return doc.save({ useObjectStreams: false });
}
