/**
 * The parts the forms' zod schemas are made of: free text cleaned of control characters, e-mail
 * addresses, choices, dates, add-on ticks, the extras and a typed promo code. Server only: zod stays
 * out of the browser bundle; the forms share the limits through `fields.ts`.
 */
import * as z from "zod";
import { addOnIds, backdropNames, type AddOnId, maxExtraHours } from "~/pricing";
import { addOnField, maxLength, normaliseCode, paymentOptions, promoCodeLength } from "./fields";

/** How far ahead an event may be booked; anything later is almost certainly a typo. */
const maxYearsAhead = 5;

/**
 * A lone UTF-16 surrogate (possible through a JSON `\ud800` escape) is not text: KV would store
 * it as bytes that are not UTF-8, and the record would read back with other characters.
 */
const loneSurrogate = /\p{Cs}/u;

export function isWellFormed(value: string): boolean {
  return !loneSurrogate.test(value);
}

export function brokenCharacter(label: string): string {
  return `Your ${label} contains a broken character.`;
}

/**
 * Control characters (C0, DEL, C1) are nothing anyone types, and a carriage return or a next line
 * in a name would reach the calendar files and e-mails raw (docs/product-decisions.md, "Bad input"):
 * every free-text field drops them before it is checked (a field with a format, an e-mail address
 * or a mobile number, refuses them). A single-line field turns its line breaks and tabs into
 * spaces; a multi-line one keeps its line feeds and tabs, a carriage return ending a line as a line
 * feed does.
 */
const lineBreaks = /[\t\n\v\f\r\u0085]+/g;
const controls = /\p{Cc}/gu;
const controlsButLineFeedsAndTabs = /(?![\t\n])\p{Cc}/gu;

export const plain = {
  line: (value: string) => value.replace(lineBreaks, " ").replace(controls, ""),
  lines: (value: string) => value.replace(/\r\n?/g, "\n").replace(controlsButLineFeedsAndTabs, ""),
};

/** A field of one line or of several. */
type Shape = keyof typeof plain;

export function text(label: string, max: number, shape: Shape = "line") {
  return z
    .string({ error: `Please enter your ${label}.` })
    .overwrite(plain[shape])
    .trim()
    .min(1, `Please enter your ${label}.`)
    .max(max, `Your ${label} is too long (at most ${max} characters).`)
    .refine(isWellFormed, brokenCharacter(label));
}

export const email = z
  .string({ error: "Please enter your email address." })
  .trim()
  .min(1, "Please enter your email address.")
  .max(maxLength.email, `Your email address is too long (at most ${maxLength.email} characters).`)
  .pipe(z.email("Please enter a valid email address."));

export function choice<const T extends readonly [string, ...string[]]>(values: T, label: string) {
  return z.enum(values, { error: `Please choose a ${label} from the list (${values.join(", ")}).` });
}

/** The last event date a booking made on `today` may take. */
export function lastBookableDate(today: string): string {
  return `${Number(today.slice(0, 4)) + maxYearsAhead}${today.slice(4)}`;
}

export function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** An event date (YYYY-MM-DD) from `today` (Melbourne's date) up to a few years ahead. */
export function eventDate(today: string) {
  return z
    .string({ error: "Please choose the date of your event." })
    .trim()
    .min(1, "Please choose the date of your event.")
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Please enter the event date as YYYY-MM-DD.")
    .refine(isCalendarDate, "Please choose a real calendar date for your event.")
    .refine((value) => value >= today, "The event date is in the past. Please choose today or a later date.")
    .refine((value) => value <= lastBookableDate(today), `Please choose an event date within ${maxYearsAhead} years.`);
}

export const optionalMessage = z
  .string({ error: "The message must be text." })
  .overwrite(plain.lines)
  .trim()
  .max(maxLength.message, `Your message is too long (at most ${maxLength.message} characters).`)
  .refine(isWellFormed, brokenCharacter("message"))
  .optional()
  .transform((value) => value ?? "");

/** Who is asking and for which event: the fields the quote and booking forms share. */
export function eventFields(today: string) {
  return {
    fullName: text("full name", maxLength.name),
    email,
    phoneNumber: text("phone number", maxLength.phoneNumber),
    eventDate: eventDate(today),
    eventLocation: text("event location", maxLength.eventLocation),
  };
}

/** A ticked checkbox ("on" from a form, true from JSON); absent or empty when not ticked. */
const ticked = z
  .union([z.literal("on"), z.literal("true"), z.literal(true), z.literal(""), z.literal(false)], { error: "An add-on is either chosen or not." })
  .optional()
  .transform((value) => value === "on" || value === "true" || value === true);

/** One checkbox per add-on (`addOnField`), as the booking and quote forms send them. */
export const addOnTicks = Object.fromEntries(addOnIds.map((id) => [addOnField(id), ticked])) as Record<`addOn-${AddOnId}`, typeof ticked>;

/** The fields without their add-on checkboxes, and the add-ons ticked, in catalogue order. */
export function withAddOns<T extends Record<`addOn-${AddOnId}`, boolean>>(fields: T) {
  const rest = Object.fromEntries(Object.entries(fields).filter(([name]) => !name.startsWith("addOn-"))) as Omit<T, `addOn-${string}`>;
  return { rest, addOns: addOnIds.filter((id) => fields[addOnField(id) as `addOn-${AddOnId}`]) };
}

/** A promo code typed into the booking or quote form, normalised as codes are stored; absent when empty. */
export const typedPromoCode = z
  .string({ error: "The promo code must be text." })
  .overwrite(plain.line)
  .max(promoCodeLength, `That promo code is too long (at most ${promoCodeLength} characters).`)
  .optional()
  .transform((value) => (value ? normaliseCode(value) : "") || undefined);

/** The way to pay as the booking form and the booking page send it; absent or empty: not chosen. */
export const paymentOption = z
  .enum(["", ...paymentOptions], { error: `Please choose how to pay from the list (${paymentOptions.join(", ")}).` })
  .optional()
  .transform((value) => value || undefined);

/** The extras' fields (fields.ts names them), as the booking form and the booking page's add-ons form send them. */
export const extraChoices = {
  extraHours: z
    .union([z.string(), z.number()], { error: `Please choose up to ${maxExtraHours} extra hours.` })
    .optional()
    .transform((value) => (value === undefined || value === "" ? 0 : Number(value)))
    .refine((hours) => Number.isInteger(hours) && hours >= 0 && hours <= maxExtraHours, `Please choose up to ${maxExtraHours} extra hours.`),
  backdrop: z
    .enum(["", ...backdropNames], { error: `Please choose a backdrop from the list (${backdropNames.join(", ")}), or none.` })
    .optional()
    .transform((value) => value || null),
  ...addOnTicks,
};

type ExtraChoices = z.output<z.ZodObject<typeof extraChoices>>;

/** The extras' fields gathered into the booking's `extras`, and the other fields as they were. */
export function gatherExtras<T extends ExtraChoices>({ extraHours, backdrop, ...fields }: T) {
  const { rest, addOns } = withAddOns(fields);
  return { rest, extras: { extraHours, backdrop, addOns } };
}

/** `build(today)`, made again only when the day changes: kept for the isolate's life. */
export function oncePerDay<T>(build: (today: string) => T): (today: string) => T {
  let made: { today: string; value: T } | undefined;
  return (today) => (made?.today === today ? made : (made = { today, value: build(today) })).value;
}

export function isoDay(name: string) {
  return z
    .string({ error: `${name} must be a date.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date written YYYY-MM-DD.`)
    .refine(isCalendarDate, `${name} must be a real calendar date.`);
}

export function optionalText(label: string, max: number, shape: Shape = "line") {
  return z
    .string({ error: `The ${label} must be text.` })
    .overwrite(plain[shape])
    .trim()
    .max(max, `The ${label} is too long (at most ${max} characters).`)
    .refine(isWellFormed, brokenCharacter(label))
    .optional()
    .transform((value) => value ?? "");
}
