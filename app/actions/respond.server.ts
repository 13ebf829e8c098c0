/** Turns a submission's outcome into the answer of a Remix action or of a JSON endpoint. */
import { data, redirect } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { readFormBody, readJsonBody } from "./body.server";
import { fetchModeField, fetchModeValue, honeypotField, intentField, priceIntent, type FormValues } from "~/input/fields";
import { refusals } from "~/input/messages";
import { refusalMessage, type FormKind, type FormResult, type Refusal } from "~/input/result";
import { submit, type Receipts } from "./submit.server";

/** What the visitor typed, for re-rendering the form; the spam trap is never echoed. */
function typedValues(input: Record<string, string>): FormValues {
  const { [honeypotField]: _trap, [fetchModeField]: _mode, [intentField]: _intent, ...values } = input;
  return values;
}

function formRefusal(kind: FormKind, refusal: Refusal, values: FormValues) {
  const result: FormResult = { ok: false, ...refusalMessage(kind, refusal), fieldErrors: refusal.fieldErrors ?? {}, values };
  return data(result, { status: refusal.status });
}

/**
 * A Remix action for one form. Without JavaScript success is a 303 redirect; the browser's
 * script marks its submissions (`fetchModeField`) and gets the redirect target as data instead,
 * so it can show the success message before it moves on. A form with a `reprice` answer takes
 * `intent=price` posts to it (the form shown again, priced), sending nothing.
 */
export async function formAction<K extends FormKind, P>(
  kind: K,
  { request, context }: { request: Request; context: AppLoadContext },
  successTarget: (receipt: Receipts[K]) => string,
  reprice?: (typed: FormValues) => Promise<P>,
) {
  const body = await readFormBody(request);
  if (!body.ok) return formRefusal(kind, body, {});
  if (reprice && body.value[intentField] === priceIntent) return reprice(typedValues(body.value));
  const outcome = await submit(kind, context.services, request, body.value);
  if (!outcome.ok) return formRefusal(kind, outcome, typedValues(body.value));
  const target = successTarget(outcome.value);
  if (body.value[fetchModeField] !== fetchModeValue) return redirect(target, 303);
  const result: FormResult = { ok: true, redirectTo: target };
  return result;
}

function jsonError(refusal: Refusal, headers?: HeadersInit) {
  const fields = refusal.fieldErrors && Object.keys(refusal.fieldErrors).length ? { fields: refusal.fieldErrors } : {};
  return Response.json({ error: refusal.error, ...fields }, { status: refusal.status, headers });
}

export function methodNotAllowed() {
  return jsonError({ status: 405, error: refusals.methodNotAllowed }, { Allow: "POST" });
}

/** The old JSON API (docs/product-spec.md, section 7): `choose` picks the form from the body, or refuses it. */
export async function jsonAction<K extends FormKind>(
  { request, context }: { request: Request; context: AppLoadContext },
  choose: (input: Record<string, unknown>) => K | Refusal,
  answer: (receipt: Receipts[K], request: Request) => Record<string, unknown>,
) {
  if (request.method !== "POST") return methodNotAllowed();
  const body = await readJsonBody(request);
  if (!body.ok) return jsonError(body);
  const kind = choose(body.value);
  if (typeof kind !== "string") return jsonError(kind);
  const outcome = await submit(kind, context.services, request, body.value);
  return outcome.ok ? Response.json(answer(outcome.value, request)) : jsonError(outcome);
}
