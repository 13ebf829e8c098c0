/**
 * The attendant's answer to an assignment, from their own page (a plain form, with or without
 * JavaScript): a 303 back to their page, at the event, saying what was recorded.
 */
import { data, redirect } from "@remix-run/cloudflare";
import { answerAssignment } from "~/crew/answer.server";
import type { Attendant } from "~/crew/crew";
import type { Services } from "~/types/services";
import { readFormBody } from "./body.server";
import { crewAnswerSchema } from "~/input/crew-forms";
import { validate } from "~/input/validate";

export async function attendantPageAction(services: Services, attendant: Attendant, request: Request) {
  const body = await readFormBody(request);
  const input = body.ok ? validate("crew-answer", crewAnswerSchema, body.value) : body;
  if (!input.ok) return data({ error: input.error }, { status: "status" in input ? input.status : 400 });
  const answered = await answerAssignment(services, attendant, input.data.invoiceNumber, input.data.answer);
  if (!answered.ok) return data({ error: answered.said }, { status: 409 });
  const page = new URL(request.url);
  const back = new URLSearchParams({ sig: page.searchParams.get("sig") ?? "", done: answered.said });
  return redirect(`${page.pathname}?${back}#event-${input.data.invoiceNumber}`, 303);
}
