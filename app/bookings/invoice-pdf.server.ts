/**
 * The invoice as a one-page A4 PDF (pdf-lib, standard Helvetica, so nothing to embed).
 * Standard fonts cover Windows-1252 only; other characters a visitor typed print as "?".
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { bankTransfer, business, policy } from "~/business";
import type { BookingRecord } from "~/bookings/record.server";
import { invoiceStatement, type StatementLine } from "~/bookings/invoice-statement";
import { formatCents } from "~/bookings/amounts";
import { melbourneToday } from "~/utils/melbourne-time";

const pageSize: [number, number] = [595.28, 841.89];
const margin = 56;
const ink = rgb(0.106, 0.086, 0.188);
const soft = rgb(0.29, 0.27, 0.376);
const accent = rgb(0.647, 0.165, 0.384);

interface Pen {
  page: PDFPage;
  regular: PDFFont;
  bold: PDFFont;
  printable: Set<number>;
  y: number;
}

function printable(pen: Pen, text: string): string {
  return Array.from(text.replace(/\s+/g, " "), (char) => (pen.printable.has(char.codePointAt(0)!) ? char : "?")).join("");
}

function line(pen: Pen, text: string, { size = 11, bold = false, color = ink, x = margin, advance = true } = {}) {
  pen.page.drawText(printable(pen, text), { x, y: pen.y, size, font: bold ? pen.bold : pen.regular, color });
  if (advance) pen.y -= size * 1.5;
}

/** Word-wraps text to the page width, at most `maxLines` lines. */
function paragraph(pen: Pen, text: string, { size = 10, maxLines = 8, width = pageSize[0] - 2 * margin, bold = false } = {}) {
  const lines: string[] = [];
  let current = "";
  for (const word of printable(pen, text).split(" ")) {
    const candidate = current ? `${current} ${word}` : word;
    if (pen.regular.widthOfTextAtSize(candidate, size) <= width) current = candidate;
    else {
      if (current) lines.push(current);
      current = word;
      while (pen.regular.widthOfTextAtSize(current, size) > width) {
        let cut = current.length - 1;
        while (cut > 1 && pen.regular.widthOfTextAtSize(current.slice(0, cut), size) > width) cut--;
        lines.push(current.slice(0, cut));
        current = current.slice(cut);
      }
    }
  }
  if (current) lines.push(current);
  const shown = lines.slice(0, maxLines);
  if (lines.length > maxLines) shown[maxLines - 1] = `${shown[maxLines - 1]!.slice(0, -3)}...`;
  for (const text of shown) line(pen, text, { size, bold });
}

function heading(pen: Pen, text: string) {
  pen.y -= 8;
  line(pen, text, { size: 12, bold: true, color: accent });
}

function rule(pen: Pen) {
  pen.page.drawLine({ start: { x: margin, y: pen.y + 6 }, end: { x: pageSize[0] - margin, y: pen.y + 6 }, thickness: 0.6, color: soft });
  pen.y -= 8;
}

/** A label (wrapped to leave room for the amount), then its amount right-aligned on the label's first line. */
function amountRow(pen: Pen, { label, amount }: StatementLine, bold = false) {
  const size = 11;
  const font = bold ? pen.bold : pen.regular;
  const amountWidth = font.widthOfTextAtSize(amount, size);
  const top = pen.y;
  paragraph(pen, label, { size, maxLines: 4, width: pageSize[0] - 2 * margin - amountWidth - 16, bold });
  pen.page.drawText(amount, { x: pageSize[0] - margin - amountWidth, y: top, size, font, color: ink });
}

export async function renderInvoicePdf(booking: BookingRecord, { siteOrigin }: { siteOrigin: string }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const statement = invoiceStatement(booking);
  doc.setTitle(`${statement.title} ${booking.invoiceNumber}`);
  doc.setAuthor(business.name);
  doc.setSubject(`${booking.boothType}, ${booking.packageDuration}, ${booking.eventDate}`);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const pen: Pen = {
    page: doc.addPage(pageSize),
    regular,
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    printable: new Set(regular.getCharacterSet()),
    y: pageSize[1] - margin,
  };

  line(pen, business.name, { size: 20, bold: true, color: accent });
  line(pen, `${business.location} · ${business.phone.display} · ${business.email}`, { size: 10, color: soft });
  if (statement.abn) line(pen, `ABN ${statement.abn} · ${business.address.display}`, { size: 10, color: soft });
  pen.y -= 12;
  line(pen, `${statement.title} ${booking.invoiceNumber}`, { size: 18, bold: true });
  line(pen, `Issued ${booking.issuedOn} · ${statement.owingNow.label}: ${statement.owingNow.amount}`, { size: 11, color: soft });

  heading(pen, "Billed to");
  paragraph(pen, booking.fullName, { size: 11, maxLines: 2 });
  paragraph(pen, `${booking.email} · ${booking.phoneNumber}`, { size: 11, maxLines: 3 });

  heading(pen, "Event");
  line(pen, `Date: ${booking.eventDate}`);
  paragraph(pen, `Location: ${booking.eventLocation}`, { size: 11, maxLines: 2 });

  heading(pen, "Charges");
  for (const charge of statement.charges) amountRow(pen, charge);
  rule(pen);
  amountRow(pen, statement.total, true);
  line(pen, statement.gstNote, { size: 10, color: soft });

  heading(pen, "Payments");
  for (const due of statement.schedule) amountRow(pen, due);
  for (const payment of booking.payments ?? []) {
    const paidOn = melbourneToday(new Date(payment.paidAt));
    amountRow(pen, { label: `Paid by card ${paidOn} (${payment.kind})`, amount: `${formatCents(payment.amountCents)} ${payment.currency}` });
  }
  amountRow(pen, statement.paid);
  rule(pen);
  amountRow(pen, statement.owingNow, true);

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
  paragraph(
    pen,
    `More than ${policy.cancellation.depositForfeitedBeyondDays} days before the event the deposit is forfeited; ` +
      `${policy.cancellation.halfFeeFromDays} to ${policy.cancellation.depositForfeitedBeyondDays} days before, ${policy.cancellation.halfFeePercent}% of the total fee is due; ` +
      `under ${policy.cancellation.halfFeeFromDays} days, the full amount is due. A deposit can move to a new date within ${policy.depositTransferMonths} months.`,
  );

  return doc.save({ useObjectStreams: false });
}
