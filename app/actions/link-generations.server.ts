/**
 * `POST /owner/link-generations`, the owner's scripts' way to the generations of links
 * (app/links/generations-requests.server.ts): a request that is not the owner's, or is too old, is
 * a plain 404; a malformed one a 400 saying why.
 */
import { readCapped } from "~/actions/body.server";
import { notFound } from "~/bookings/record/private-responses.server";
import { generationsRequestSchema } from "~/input/owner-forms";
import type { GenerationName } from "~/links/generations.server";
import { hasGeneration, isSignedLinkKind } from "~/links/kinds";
import { isGenerationsRequest } from "~/links/generations-requests.server";
import type { Services } from "~/types/services";

const headers = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

export async function answerGenerationsRequest(services: Pick<Services, "config" | "generations" | "now">, request: Request): Promise<Response> {
  // The signature is over the body as sent, so it is read as text first (no request of the scripts' is near the cap).
  const body = await readCapped(request);
  if (body === null || !(await isGenerationsRequest(services, new URL(request.url).searchParams, body, services.now()))) return notFound();
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return Response.json({ error: "The body is not JSON." }, { status: 400, headers });
  }
  const parsed = generationsRequestSchema.safeParse(json);
  if (!parsed.success) return Response.json({ error: parsed.error.issues.map((issue) => issue.message).join("; ") }, { status: 400, headers });
  const asked = parsed.data;
  const { generations } = services;
  if ("subjects" in asked) return Response.json(await generations.subjects(asked.subjects), { headers });
  const names = ("read" in asked ? asked.read : [asked.move]).map(kept);
  if (!names.every((name) => name !== null)) return Response.json({ error: "Name a kind of link that has a generation." }, { status: 400, headers });
  return Response.json("read" in asked ? await generations.read(names) : await generations.move(names[0]!, asked.from), { headers });
}

/** The generation named, if the site keeps it: a signed kind's that can be taken back (an unsubscribe link cannot), or a subject's of one. */
function kept({ kind, subject }: { kind: string; subject?: string }): GenerationName | null {
  if (!isSignedLinkKind(kind) || !hasGeneration(kind)) return null;
  return subject === undefined ? { kind } : { kind, subject };
}
