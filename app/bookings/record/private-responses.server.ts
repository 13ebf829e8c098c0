/**
 * The booking page, its PDF, calendar file, accepted terms and logo sit behind a secret in their
 * address: nothing may cache them, send the address on as a referrer, or index them, and a wrong
 * secret is a plain 404.
 */
import type { BookingRecord } from "~/bookings/record/booking";
import { findBookingBySecret } from "~/bookings/record/record.server";
import { resourceContentSecurityPolicy } from "~/security.server";

export const privateHeaders = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" } as const;

/**
 * The same for the private pages that have forms, but `same-origin` rather than `no-referrer`:
 * with no referrer at all, browsers send `Origin: null` on a page's own forms, which the
 * cross-site checks refuse. The address still never leaves for another site.
 */
export const privatePageHeaders = { ...privateHeaders, "Referrer-Policy": "same-origin" } as const;

export function notFound(): Response {
  return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** A stored file for the key's holder: its own type, never sniffed as another, and nothing in it may run. */
export function privateFile(body: BodyInit, contentType: string, filename: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `inline; filename="${filename}"`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": resourceContentSecurityPolicy,
      ...privateHeaders,
    },
  });
}

/** The booking a private page's address names with its key, or the plain 404 a wrong or missing key gets. */
export async function bookingOfPage(services: { kv: KVNamespace }, invoiceNumber: string | undefined, request: Request): Promise<{ booking: BookingRecord; secret: string; query: URLSearchParams }> {
  const query = new URL(request.url).searchParams;
  const secret = query.get("key");
  const booking = await findBookingBySecret(services, invoiceNumber ?? "", secret);
  if (!booking || !secret) throw new Response("Not Found", { status: 404 });
  return { booking, secret, query };
}
