/**
 * Drawing the site's PDFs (the invoice, the adjustment note) on one A4 page with pdf-lib. Text is
 * drawn in embedded, subset fonts (see invoice-fonts.server.ts), so names print exactly as typed
 * in Latin with any diacritics, Greek, Cyrillic, Chinese, Japanese and Korean. Scripts that need
 * shaping (Devanagari, Arabic, Thai…) cannot be drawn correctly by pdf-lib: their characters print
 * as a mark that a footnote explains, pointing to the booking page, where the browser shows them as typed.
 */
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { baseFonts, fallbacksFor, type FontFiles } from "~/bookings/invoice/invoice-fonts.server";
import { requestSafeFontkit } from "~/bookings/invoice/request-safe-fontkit.server";

const pageSize: [number, number] = [595.28, 841.89];
const margin = 56;
const ink = rgb(0.106, 0.086, 0.188);
export const soft = rgb(0.29, 0.27, 0.376);
export const accent = rgb(0.647, 0.165, 0.384);
const unprintableMark = "[*]";

interface Face {
  font: PDFFont;
  chars: ReadonlySet<number>;
}

export interface Pen {
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

export function line(pen: Pen, text: string, { size = 11, bold = false, color = ink, x = margin, advance = true } = {}) {
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
export function paragraph(pen: Pen, text: string, { size = 10, maxLines = 8, width = pageSize[0] - 2 * margin, bold = false } = {}) {
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

export function heading(pen: Pen, text: string) {
  pen.y -= 8;
  line(pen, text, { size: 12, bold: true, color: accent });
}

export function rule(pen: Pen) {
  pen.page.drawLine({ start: { x: margin, y: pen.y + 6 }, end: { x: pageSize[0] - margin, y: pen.y + 6 }, thickness: 0.6, color: soft });
  pen.y -= 8;
}

/** A label (wrapped to leave room for the amount), then its amount right-aligned on the label's first line. */
export function amountRow(pen: Pen, { label, amount }: { label: string; amount: string }, bold = false) {
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
export function unprintableNote(pen: Pen) {
  if (!pen.unprintable) return;
  pen.y -= 8;
  paragraph(
    pen,
    `${unprintableMark} Characters in a script this PDF cannot draw (such as Devanagari, Arabic or Thai). ` +
      "Your invoice page shows them exactly as you typed them.",
    { size: 9, maxLines: 2 },
  );
}

async function embedFaces(doc: PDFDocument, files: FontFiles, record: object) {
  doc.registerFontkit(requestSafeFontkit);
  const embed = async (path: string): Promise<Face> => {
    // Subset: only the glyphs drawn go into the PDF, so even a CJK font adds a few kilobytes.
    const font = await doc.embedFont(await files(path), { subset: true });
    return { font, chars: new Set(font.getCharacterSet()) };
  };
  const [regular, bold] = await Promise.all([embed(baseFonts.regular), embed(baseFonts.bold)]);
  // Every string in the record, nested ones too (the signature, the event's contact).
  const typed = JSON.stringify(record).normalize("NFC");
  const fallbacks = await Promise.all(fallbacksFor(typed, regular.chars).map((font) => embed(font.path)));
  return { regular, bold, fallbacks };
}

/** A new document and the pen that draws its page, with the fonts the strings of `record` need. */
export async function openPen(fonts: FontFiles, record: object): Promise<{ doc: PDFDocument; pen: Pen }> {
  const doc = await PDFDocument.create();
  const pen: Pen = { page: doc.addPage(pageSize), ...(await embedFaces(doc, fonts, record)), y: pageSize[1] - margin, unprintable: false };
  return { doc, pen };
}
