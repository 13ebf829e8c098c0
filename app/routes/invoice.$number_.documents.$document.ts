import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { issuedDocuments } from "~/bookings/invoice/issued-documents";
import { renderDocumentPdf } from "~/bookings/invoice/document-pdf.server";
import { notFound, privateFile } from "~/bookings/record/private-responses.server";
import { findBookingBySecret } from "~/bookings/record/record.server";

/** A supplementary tax invoice or adjustment note of a booking (`/invoice/{n}/documents/{n}-CN1.pdf`), drawn as stored with the booking for the holder of its key. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const booking = await findBookingBySecret(services, params.number ?? "", new URL(request.url).searchParams.get("key"));
  const number = params.document?.endsWith(".pdf") ? params.document.slice(0, -".pdf".length) : null;
  // The tax invoice itself has its own PDF, kept as issued.
  const document = booking && issuedDocuments(booking).find((one) => one.kind !== "invoice" && one.number === number);
  if (!booking || !document) return notFound();
  const bytes = await renderDocumentPdf(booking, document, services.fonts);
  return privateFile(new Blob([bytes as Uint8Array<ArrayBuffer>]), "application/pdf", `${document.number}.pdf`);
}
