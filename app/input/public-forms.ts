/**
 * The public site's forms: the booking form (the JSON endpoint's too), the contact form, and the
 * availability the calendar and "Check your date" ask for. Each schema is shared by the form's
 * Remix action and its JSON endpoint.
 */
import * as z from "zod";
import { lifecycle } from "~/business";
import { boothTypes, bookingDurations } from "~/pricing";
import { addDays, daysBetween } from "~/utils/melbourne-time";
import { bookingService } from "./fields";
import { choice, email, eventDate, eventFields, extraChoices, gatherExtras, isoDay, oncePerDay, optionalMessage, paymentOption, text, typedPromoCode } from "./field-shapes";
import { maxLength } from "./fields";
import { isInvoiceNumber } from "./invoice-number";

function bookingSchemaOn(today: string) {
  return z.object({
    ...extraChoices,
    promoCode: typedPromoCode,
    ...eventFields(today),
    boothType: choice(boothTypes, "booth type"),
    packageDuration: choice(bookingDurations, "package duration"),
    service: z
      .literal(bookingService, { error: `The service must be ${bookingService}.` })
      .optional()
      .transform(() => bookingService),
    message: optionalMessage,
    paymentOption,
    // The browser's figure is never trusted; the server prices the booking itself.
    price: z.unknown().optional().transform(() => undefined),
    invoiceNumber: z
      .string({ error: "The invoice number must be text." })
      .trim()
      .optional()
      .transform((value) => value || undefined)
      .refine((value) => value === undefined || isInvoiceNumber(value), "The invoice number must look like PB-YYYYMMDD-123."),
  }).transform((fields) => {
    const { rest, extras } = gatherExtras(fields);
    return { ...rest, extras };
  });
}

/** The booking form's schema for `today`, built once a day: building it costs several times what checking a booking with it does (docs/speed.md). */
export const bookingSchema = oncePerDay(bookingSchemaOn);

export const contactSchema = z.object({
  name: text("name", maxLength.name),
  email,
  message: text("message", maxLength.message, "lines"),
});

/**
 * `GET /api/availability?from=&to=`: today (Melbourne) to 90 days on by default, at most 366 days
 * (both in `lifecycle`); dates before today are left out.
 */
export function availabilityRangeSchema(today: string) {
  return z
    .object({ from: isoDay("from").optional(), to: isoDay("to").optional() })
    .transform(({ from = today, to }) => ({ from, to: to ?? addDays(from, lifecycle.defaultAvailabilityDays) }))
    .refine(({ from, to }) => from <= to, "from must not be after to.")
    .refine(
      ({ from, to }) => daysBetween(from, to) < lifecycle.maxAvailabilityDays,
      `The range may cover at most ${lifecycle.maxAvailabilityDays} days.`,
    )
    .transform(({ from, to }) => ({ from: from < today ? today : from, to }));
}

/** The home page's "Check your date": one event date, as the booking form would take it. */
export function dateCheckSchema(today: string) {
  return z.object({ date: eventDate(today) });
}

export type BookingInput = z.output<ReturnType<typeof bookingSchema>>;
export type ContactInput = z.output<typeof contactSchema>;
