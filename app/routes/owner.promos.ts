import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isOwnerToken } from "~/agenda/tokens.server";
import { notFound } from "~/bookings/record/private-responses.server";
import { listPromos } from "~/promos/promo-store.server";

/**
 * The promo codes with their uses so far, for `npm run promo -- list`: the uses are counted in a
 * Durable Object, which only the Worker reads. A wrong or missing token is a plain 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  if (!(await isOwnerToken(services, "promos", new URL(request.url).searchParams.get("token")))) return notFound();
  return Response.json({ promos: await listPromos(services) }, { headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } });
}
