import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { refusals } from "~/input/messages";
import { jsonAction, methodNotAllowed } from "~/actions/respond.server";
import { quotePagePath } from "~/quotes/addresses.server";

/** The old JSON API for the quote form and the footer's contact form (docs/product-spec.md, section 7). */
export const loader = () => methodNotAllowed();

export const action = (args: ActionFunctionArgs) =>
  jsonAction(
    args,
    (input) => ("fullName" in input ? "quote" : "name" in input ? "contact" : { status: 400, error: refusals.unknownShape }),
    (receipt, request) => (receipt && "key" in receipt ? { ok: true, quote: new URL(quotePagePath(receipt), request.url).href } : { ok: true }),
  );
