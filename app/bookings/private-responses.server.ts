/**
 * The booking page, its PDF, calendar file, accepted terms and logo sit behind a secret in their
 * address: nothing may cache them, send the address on as a referrer, or index them, and a wrong
 * secret is a plain 404.
 */
import { resourceContentSecurityPolicy } from "~/security.server";

export const privateHeaders = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" } as const;

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
