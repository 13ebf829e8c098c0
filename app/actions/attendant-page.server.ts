/**
 * The attendant's answer to an assignment, from their own page (a plain form, with or without
 * JavaScript): a 303 back to their page, at the event, saying what was recorded.
 */
import { data, redirect } from "@remix-run/cloudflare";
import { answerAssignment } from "~/crew/attendant-page.server";
import type { Services } from "~/types/services";
import { readFormBody } from "./body.server";
import { crewAnswerSchema } from "~/input/crew-forms";
import { validate } from "~/input/validate";

export async function attendantPageAction(services: Services, attendantId: string, request: Request) {
  const body = await readFormBody(request);
  const input = body.ok ? validate("crew-answer", crewAnswerSchema, body.value) : body;
  if (!input.ok) return data({ error: input.error }, { status: "status" in input ? input.status : 400 });
  if (!(await answerAssignment(services, attendantId, input.data.invoiceNumber, input.data.answer))) return data({ error: "You are not on that event any more." }, { status: 409 });
  const page = new URL(request.url);
  const back = new URLSearchParams({ sig: page.searchParams.get("sig") ?? "", done: input.data.answer === "accepted" ? `You accepted ${input.data.invoiceNumber}. Thank you!` : `You declined ${input.data.invoiceNumber}; the owner will find someone else.` });
  return redirect(`${page.pathname}?${back}#event-${input.data.invoiceNumber}`, 303);
}
