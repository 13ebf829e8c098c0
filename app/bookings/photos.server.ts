/**
 * The owner posting the photos' gallery link (docs/product-decisions.md, "The owner's page, bank
 * payments and the photos"), called by the owner's page of the booking. The link is checked here
 * first only to answer a bad address with 400; the booking's ledger checks it again, with the
 * event's date, from its own copy, stores it and e-mails the client the first one.
 */
import type { BookingRecord } from "~/bookings/record/booking";
import { gallerySchema } from "~/input/owner-forms";
import type { Services } from "~/types/services";

export type GalleryResult =
  /** `emailed`: the first link, e-mailed to the client; a later one replaces it on their page only. */
  | { kind: "posted"; booking: BookingRecord; emailed: boolean }
  /** That link was posted already: nothing changed. */
  | { kind: "same"; booking: BookingRecord }
  | { kind: "refused"; status: 400 | 404 | 409 | 503; error: string };

/** Posts `url` as typed in the owner's form (the form's schema checks it, as the ledger does again). */
export async function postGallery(services: Pick<Services, "ledger" | "now">, invoiceNumber: string, url: string): Promise<GalleryResult> {
  const input = gallerySchema.safeParse({ galleryUrl: url });
  if (!input.success) return { kind: "refused", status: 400, error: input.error.issues[0]!.message };
  try {
    const outcome = await services.ledger.postGallery({ invoiceNumber, url: input.data.galleryUrl, at: services.now().toISOString() });
    if (!outcome) return { kind: "refused", status: 404, error: `There is no booking ${invoiceNumber}.` };
    if (outcome.kind === "refused") return { kind: "refused", status: 409, error: outcome.reason };
    return outcome.kind === "same" ? { kind: "same", booking: outcome.record } : { kind: "posted", booking: outcome.record, emailed: outcome.first };
  } catch (error) {
    console.error(`The gallery of booking ${invoiceNumber} could not be posted just now:`, error);
    return { kind: "refused", status: 503, error: "The link could not be posted just now: nothing changed. Please try again in a minute." };
  }
}
