/**
 * The forms of the owner's home, with or without JavaScript: block or unblock a date, add or end a
 * promo code, take back one booking's owner links, add, change or remove an attendant and send one a
 * fresh link. Done, a 303 back to the home saying what happened; refused, the home again with the
 * reason (4xx).
 */
import { data, redirect } from "@remix-run/cloudflare";
import { blockFromHome, promoFromHome, takeBackFromHome, unblockFromHome, type HomeOutcome } from "~/agenda/owner-home.server";
import type { Services } from "~/types/services";
import { readFormBody } from "./body.server";
import { removeAttendant, saveAttendant, sendFreshLink, takeBackFeed } from "~/crew/attendants.server";
import { addPromoSchema, attendantSchema, blockDateSchema, endPromoSchema, removeAttendantSchema, takeBackBookingSchema, unblockSchema } from "~/input/owner-forms";
import { validate } from "~/input/validate";

export interface HomeRefusal {
  error: string;
}

/** Each form's fields through its own schema, then the domain's answer; a refusal is the schema's first message. */
async function outcomeOf(services: Services, fields: Record<string, string>): Promise<HomeOutcome> {
  const refused = (input: { error: string }): HomeOutcome => ({ ok: false, said: input.error });
  switch (fields.intent) {
    case "block": {
      const input = validate("block-date", blockDateSchema, fields);
      return input.ok ? blockFromHome(services, input.data.date, input.data.what, input.data.reason) : refused(input);
    }
    case "unblock": {
      const input = validate("unblock", unblockSchema, fields);
      return input.ok ? unblockFromHome(services, input.data.key) : refused(input);
    }
    case "add-promo": {
      const input = validate("add-promo", addPromoSchema, fields);
      return input.ok ? promoFromHome(services, { add: input.data }) : refused(input);
    }
    case "end-promo": {
      const input = validate("end-promo", endPromoSchema, fields);
      return input.ok ? promoFromHome(services, { end: input.data }) : refused(input);
    }
    case "attendant": {
      const input = validate("attendant", attendantSchema, fields);
      return input.ok ? saveAttendant(services, input.data) : refused(input);
    }
    case "remove-attendant":
    case "fresh-link":
    case "fresh-feed": {
      const input = validate("remove-attendant", removeAttendantSchema, fields);
      if (!input.ok) return refused(input);
      return { "fresh-link": sendFreshLink, "fresh-feed": takeBackFeed, "remove-attendant": removeAttendant }[fields.intent](services, input.data.id);
    }
    case "take-back-booking": {
      const input = validate("take-back-booking", takeBackBookingSchema, fields);
      return input.ok ? takeBackFromHome(services, input.data.invoiceNumber) : refused(input);
    }
    default:
      return { ok: false, said: "The form did not say what to do: reload the page and try again." };
  }
}

export async function ownerHomeAction(services: Services, request: Request) {
  const body = await readFormBody(request);
  if (!body.ok) return data({ error: body.error } satisfies HomeRefusal, { status: body.status });
  const outcome = await outcomeOf(services, body.value);
  if (!outcome.ok) return data({ error: outcome.said } satisfies HomeRefusal, { status: 400 });
  const home = new URL(request.url);
  const back = new URLSearchParams({ token: home.searchParams.get("token") ?? "", done: outcome.said });
  const intent = body.value.intent ?? "";
  const sections: Record<string, string> = { "add-promo": "promos", "end-promo": "promos", "take-back-booking": "take-back", attendant: "crew", "remove-attendant": "crew", "fresh-link": "crew", "fresh-feed": "crew" };
  const section = sections[intent] ?? "blocks";
  return redirect(`${home.pathname}?${back}#${section}`, 303);
}
