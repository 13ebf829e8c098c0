/** The invoice as a one-page A4 PDF, drawn with the site's PDF pen (pdf-pen.server.ts). */
import { bankTransfer, business, policy } from "~/business";
import type { BookingRecord } from "~/bookings/record/booking";
import { invoiceStatement } from "~/bookings/invoice/invoice-statement";
import { acceptanceLine } from "~/bookings/record/terms-acceptance";
import { formatCents } from "~/bookings/record/amounts";
import { paymentMethodWords } from "~/bookings/record/payment-words";
import { cancellationStages, depositTransfer } from "~/content/cancellation.server";
import { formatDateInWords } from "~/utils/date-words";
import { melbourneToday } from "~/utils/melbourne-time";
import type { FontFiles } from "~/bookings/invoice/invoice-fonts.server";
import { accent, amountRow, heading, line, openPen, paragraph, rule, soft, unprintableNote } from "~/bookings/invoice/pdf-pen.server";

export async function renderInvoicePdf(
  booking: BookingRecord,
  { siteOrigin, fonts }: { siteOrigin: string; fonts: FontFiles },
): Promise<Uint8Array> {
  const { doc, pen } = await openPen(fonts, booking);
  const statement = invoiceStatement(booking);
  doc.setTitle(`${statement.title} ${booking.invoiceNumber}`);
  doc.setAuthor(business.name);
  doc.setSubject(`${booking.boothType}, ${booking.packageDuration}, ${formatDateInWords(booking.eventDate)}`);

  line(pen, business.name, { size: 20, bold: true, color: accent });
  line(pen, `${business.location} · ${business.phone.display} · ${business.email}`, { size: 10, color: soft });
  if (statement.abn) line(pen, `ABN ${statement.abn} · ${business.address.display}`, { size: 10, color: soft });
  pen.y -= 12;
  line(pen, `${statement.title} ${booking.invoiceNumber}`, { size: 18, bold: true });
  line(pen, `Issued ${formatDateInWords(booking.issuedOn)} · ${statement.owingNow.label}: ${statement.owingNow.amount}`, { size: 11, color: soft });

  heading(pen, "Billed to");
  paragraph(pen, booking.fullName, { size: 11, maxLines: 2 });
  paragraph(pen, `${booking.email} · ${booking.phoneNumber}`, { size: 11, maxLines: 3 });

  heading(pen, "Event");
  line(pen, `Date: ${formatDateInWords(booking.eventDate)}`);
  paragraph(pen, `Location: ${booking.eventLocation}`, { size: 11, maxLines: 2 });

  heading(pen, "Charges");
  for (const charge of statement.charges) amountRow(pen, charge);
  rule(pen);
  amountRow(pen, statement.total, true);
  line(pen, statement.gstNote, { size: 10, color: soft });
  if (statement.billed) {
    heading(pen, "Changes since, each on its own document");
    for (const later of statement.later) amountRow(pen, later);
    rule(pen);
    amountRow(pen, statement.billed, true);
  }

  heading(pen, "Payments");
  for (const due of statement.schedule) amountRow(pen, due);
  for (const payment of booking.payments ?? []) {
    const paidOn = formatDateInWords(melbourneToday(new Date(payment.paidAt)));
    amountRow(pen, { label: `Paid ${paymentMethodWords(payment.method)} ${paidOn} (${payment.kind})`, amount: `${formatCents(payment.amountCents)} ${payment.currency}` });
  }
  amountRow(pen, statement.paid);
  if (statement.refunded) amountRow(pen, statement.refunded);
  rule(pen);
  amountRow(pen, statement.owingNow, true);

  if (booking.acceptance) paragraph(pen, `${acceptanceLine(booking.acceptance)} (terms last updated ${booking.acceptance.version}).`, { size: 10 });

  if (booking.message) {
    heading(pen, "Your notes");
    paragraph(pen, booking.message);
  }

  heading(pen, "How to pay");
  line(pen, `Payment methods: ${policy.paymentMethods.join(", ")} (all in ${policy.currency}).`, { size: 10 });
  line(pen, `Bank transfer: ${bankTransfer.accountName} · BSB ${bankTransfer.bsb} · Account ${bankTransfer.accountNumber} (${bankTransfer.bank})`, { size: 10 });
  line(pen, `PayID: ${bankTransfer.payId}`, { size: 10 });
  line(pen, `Card: ${siteOrigin}/pay?invoice=${booking.invoiceNumber}`, { size: 10 });
  line(pen, `Please use ${booking.invoiceNumber} as the payment reference.`, { size: 10, bold: true });

  heading(pen, "Cancellation");
  for (const stage of cancellationStages) paragraph(pen, stage);
  paragraph(pen, depositTransfer);
  unprintableNote(pen);

  return doc.save({ useObjectStreams: false });
}
