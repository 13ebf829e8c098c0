/** A supplementary tax invoice or an adjustment note as a one-page PDF, drawn with the site's PDF pen. */
import { business, tax } from "~/business";
import { adjustedWords, documentTitle, type BillingDocument } from "~/bookings/invoice/billing-documents";
import { formatCents } from "~/bookings/record/amounts";
import type { BookingRecord } from "~/bookings/record/booking";
import type { FontFiles } from "~/bookings/invoice/invoice-fonts.server";
import { accent, amountRow, heading, line, openPen, paragraph, rule, soft, unprintableNote } from "~/bookings/invoice/pdf-pen.server";
import { formatDateInWords } from "~/utils/date-words";

export async function renderDocumentPdf(booking: BookingRecord, document: BillingDocument, fonts: FontFiles): Promise<Uint8Array> {
  const { doc, pen } = await openPen(fonts, booking);
  const title = documentTitle(document);
  doc.setTitle(title);
  doc.setAuthor(business.name);
  line(pen, business.name, { size: 20, bold: true, color: accent });
  line(pen, `${tax.gstRegistered ? `ABN ${tax.abn} · ` : ""}${business.address.display}`, { size: 10, color: soft });
  pen.y -= 12;
  line(pen, title, { size: 16, bold: true });
  line(pen, `Issued ${formatDateInWords(document.issuedOn)}`, { size: 11 });
  heading(pen, "To");
  paragraph(pen, booking.fullName, { size: 11, maxLines: 2 });
  if (document.reason) paragraph(pen, document.reason, { size: 11, maxLines: 2 });
  heading(pen, document.kind === "adjustment" ? "Taken off what is billed (GST included)" : "Added to what is billed (GST included)");
  for (const item of document.lines) amountRow(pen, { label: `${item.label} (GST ${formatCents(item.gstCents)})`, amount: formatCents(item.cents) });
  rule(pen);
  amountRow(pen, { label: `Total; GST ${formatCents(document.gstCents)}`, amount: formatCents(document.totalCents) }, true);
  const invoice = tax.gstRegistered ? "tax invoice" : "invoice";
  const adjusted = document.adjusts ?? { kind: "invoice" as const, number: booking.invoiceNumber };
  paragraph(
    pen,
    document.kind === "adjustment"
      ? `This note adjusts ${adjustedWords(adjusted)}: what it bills is reduced by ${formatCents(document.totalCents)}${tax.gstRegistered ? `, and its GST by ${formatCents(document.gstCents)}` : ""}.`
      : `This adds to ${invoice} ${booking.invoiceNumber}. Your booking page shows what is paid and what is owing.`,
  );
  unprintableNote(pen);
  return doc.save({ useObjectStreams: false });
}
