/**
 * The invoice page, PDF and calendar file sit behind a secret in their address: nothing may cache
 * them, send the address on as a referrer, or index them, and a wrong secret is a plain 404.
 */
export const privateHeaders = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" } as const;

export function notFound(): Response {
  return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
