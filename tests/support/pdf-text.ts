import { PDFDocument, PDFRawStream, decodePDFRawStream, PDFArray, PDFName } from "pdf-lib";

/** The text drawn on every page of a PDF, parsed with pdf-lib (standard fonts write hex strings). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const out: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.get(PDFName.of("Contents"));
    const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
    for (const ref of refs) {
      const stream = doc.context.lookup(ref);
      if (!(stream instanceof PDFRawStream)) continue;
      const operators = new TextDecoder("latin1").decode(decodePDFRawStream(stream).decode());
      for (const [, hex] of operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
        out.push(hex!.replace(/../g, (pair) => String.fromCharCode(parseInt(pair, 16))));
      }
    }
  }
  return out.join("\n");
}
