/**
 * The invoice as a one-page A4 PDF (pdf-lib). Text is drawn in embedded, subset fonts (see
 * invoice-fonts.server.ts), so names print exactly as typed in Latin with any diacritics, Greek,
 * Cyrillic, Chinese, Japanese and Korean. Scripts that need shaping (Devanagari, Arabic, Thai…)
 * cannot be drawn correctly by pdf-lib: their characters print as a mark that a footnote explains,
 * pointing to the invoice page, where the browser shows them as typed.
 */
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { bankTransfer, business, policy } from "~/business";
import type { BookingRecord } from "~/bookings/booking";
import { invoiceStatement, type StatementLine } from "~/bookings/invoice-statement";
import { acceptanceLine } from "~/bookings/terms-acceptance";
import { formatCents } from "~/bookings/amounts";
import { cancellationStages, depositTransfer } from "~/content/cancellation.server";
import { formatDateInWords } from "~/utils/date-words";
import { melbourneToday } from "~/utils/melbourne-time";
import { baseFonts, fallbacksFor, type FontFiles } from "~/bookings/invoice-fonts.server";
import { requestSafeFontkit } from "~/bookings/request-safe-fontkit.server";

const pageSize: [number, number] = [595.28, 841.89];
const margin = 56;
const ink = rgb(0.106, 0.086, 0.188);
const soft = rgb(0.29, 0.27, 0.376);
const accent = rgb(0.647, 0.165, 0.384);
const unprintableMark = "[*]";

interface Face {
  font: PDFFont;
  chars: ReadonlySet<number>;
}

interface Pen {
  page: PDFPage;
  regular: Face;
  bold: Face;
  /** CJK fonts, embedded only when the booking's text needs them. */
  fallbacks: readonly Face[];
  y: number;
  /** Set once some text had characters no embedded font can draw. */
  unprintable: boolean;
}

/** One piece of a line drawn in one font. */
interface Run {
  text: string;
  font: PDFFont;
}

/** Composed characters (as most keyboards type them), single spaces, and a mark for each run no font draws. */
function printable(pen: Pen, text: string): string {
  const faces = [pen.regular, ...pen.fallbacks];
  let out = "";
  let inGap = false;
  for (const char of text.normalize("NFC").replace(/\s+/g, " ")) {
    const drawable = faces.some((face) => face.chars.has(char.codePointAt(0)!));
    if (drawable) out += char;
    else if (!inGap) {
      out += unprintableMark;
      pen.unprintable = true;
    }
    inGap = !drawable;
  }
  return out;
}

/** Splits printable text into runs, each in the first font that has its characters. */
function runs(pen: Pen, text: string, bold: boolean): Run[] {
  const faces = [bold ? pen.bold : pen.regular, pen.regular, ...pen.fallbacks];
  const result: Run[] = [];
  for (const char of text) {
    const font = (faces.find((face) => face.chars.has(char.codePointAt(0)!)) ?? faces[0]!).font;
    const last = result.at(-1);
    if (last?.font === font) last.text += char;
    else result.push({ text: char, font });
  }
  return result;
}

function textWidth(pen: Pen, text: string, size: number, bold = false): number {
  return runs(pen, text, bold).reduce((width, run) => width + run.font.widthOfTextAtSize(run.text, size), 0);
}

function line(pen: Pen, text: string, { size = 11, bold = false, color = ink, x = margin, advance = true } = {}) {
  let at = x;
  for (const run of runs(pen, printable(pen, text), bold)) {
    pen.page.drawText(run.text, { x: at, y: pen.y, size, font: run.font, color });
    at += run.font.widthOfTextAtSize(run.text, size);
  }
  if (advance) pen.y -= size * 1.5;
}

/**
 * Word-wraps text to `width` (the page's by default), at most `maxLines` lines. A word wider than
 * a line (as in CJK, written without spaces) breaks between characters. Stops measuring once the
 * lines are full, so a long note costs no more than the lines it shows.
 */
function paragraph(pen: Pen, text: string, { size = 10, maxLines = 8, width = pageSize[0] - 2 * margin, bold = false } = {}) {
  const fits = (candidate: string) => textWidth(pen, candidate, size, bold) <= width;
  const lines: string[] = [];
  let current = "";
  for (const word of printable(pen, text).split(" ")) {
    if (lines.length > maxLines) break;
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = "";
    for (const char of word) {
      if (current && !fits(current + char)) {
        lines.push(current);
        current = "";
        if (lines.length > maxLines) break;
      }
      current += char;
    }
  }
  if (current) lines.push(current);
  const shown = lines.slice(0, maxLines);
  if (lines.length > maxLines) shown[maxLines - 1] = `${Array.from(shown[maxLines - 1]!).slice(0, -3).join("")}...`;
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
  const amountWidth = textWidth(pen, amount, size, bold);
  const top = pen.y;
  paragraph(pen, label, { size, maxLines: 4, width: pageSize[0] - 2 * margin - amountWidth - 16, bold });
  const after = pen.y;
  pen.y = top;
  line(pen, amount, { size, bold, x: pageSize[0] - margin - amountWidth, advance: false });
  pen.y = after;
}

/** Explains the mark printed for characters in scripts no embedded font can draw. */
function unprintableNote(pen: Pen) {
  if (!pen.unprintable) return;
  pen.y -= 8;
  paragraph(
    pen,
    `${unprintableMark} Characters in a script this PDF cannot draw (such as Devanagari, Arabic or Thai). ` +
      "Your invoice page shows them exactly as you typed them.",
    { size: 9, maxLines: 2 },
  );
}

async function embedFaces(doc: PDFDocument, files: FontFiles, booking: BookingRecord) {
  doc.registerFontkit(requestSafeFontkit);
  const embed = async (path: string): Promise<Face> => {
    // Subset: only the glyphs drawn go into the PDF, so even a CJK font adds a few kilobytes.
    const font = await doc.embedFont(await files(path), { subset: true });
    return { font, chars: new Set(font.getCharacterSet()) };
  };
  const [regular, bold] = await Promise.all([embed(baseFonts.regular), embed(baseFonts.bold)]);
  const typed = Object.values(booking)
    .filter((value): value is string => typeof value === "string")
    .join(" ")
    .normalize("NFC");
  const fallbacks = await Promise.all(fallbacksFor(typed, regular.chars).map((font) => embed(font.path)));
  return { regular, bold, fallbacks };
}

export async function renderInvoicePdf(
  booking: BookingRecord,
  { siteOrigin, fonts }: { siteOrigin: string; fonts: FontFiles },
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const statement = invoiceStatement(booking);
  doc.setTitle(`${statement.title} ${booking.invoiceNumber}`);
  doc.setAuthor(business.name);
  doc.setSubject(`${booking.boothType}, ${booking.packageDuration}, ${formatDateInWords(booking.eventDate)}`);
  const pen: Pen = {
    page: doc.addPage(pageSize),
    ...(await embedFaces(doc, fonts, booking)),
    y: pageSize[1] - margin,
    unprintable: false,
  };

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

  heading(pen, "Payments");
  for (const due of statement.schedule) amountRow(pen, due);
  for (const payment of booking.payments ?? []) {
    const paidOn = formatDateInWords(melbourneToday(new Date(payment.paidAt)));
    amountRow(pen, { label: `Paid by card ${paidOn} (${payment.kind})`, amount: `${formatCents(payment.amountCents)} ${payment.currency}` });
  }
  amountRow(pen, statement.paid);
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
