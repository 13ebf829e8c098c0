/** The quote form (and its JSON endpoint) and the buttons of a saved quote's page. */
import * as z from "zod";
import { boothTypes, quoteDurations } from "~/pricing";
import { maxLength, quotePageIntents } from "./fields";
import { addOnTicks, choice, eventFields, text, typedPromoCode, withAddOns } from "./field-shapes";

export function quoteSchema(today: string) {
  return z
    .object({
      ...eventFields(today),
      promoCode: typedPromoCode,
      packageDuration: choice(quoteDurations, "package duration"),
      service: choice(boothTypes, "booth"),
      message: text("message", maxLength.message, "lines"),
      ...addOnTicks,
    })
    .transform((fields) => {
      const { rest, addOns } = withAddOns(fields);
      return { ...rest, addOns };
    });
}

/** The quote page's buttons; "keep-posted" brings the one-time proof its e-mail's link carried. */
export const quotePageSchema = z.object({
  intent: z.enum(quotePageIntents, { error: "Unknown button." }),
  proof: z.string().max(100).optional().transform((value) => value ?? ""),
});

export type QuoteInput = z.output<ReturnType<typeof quoteSchema>>;
