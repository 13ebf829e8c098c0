/**
 * Bad-input tables for the six ways in (three JSON endpoints, three form actions). Every case is
 * generated from the form's field lists and limits, so a new field or limit gets its cases too.
 */
import { honeypotField, maxLength } from "~/input/fields";
import { bookingSlot, futureDate, validBooking, validContact, validQuote } from "../support/form-data";

/** What a case must end in; "either" is for valid-looking edges (Unicode) the spec leaves open. */
export type Outcome = "refused" | "accepted" | "either";
export type Encoding = "json" | "form";
export type Kind = "quote" | "contact" | "booking";

export interface BadInputCase {
  name: string;
  body: string | Uint8Array<ArrayBuffer>;
  /** The Content-Type header; null sends none. */
  contentType: string | null;
  outcome: Outcome;
  /** The exact status of a refusal, where it is certain. */
  status?: number;
  /** Fields the stored record must hold exactly, when the case is accepted. */
  intact: Record<string, string>;
}

export interface Endpoint {
  name: string;
  path: string;
  kind: Kind;
  encoding: Encoding;
  cases: BadInputCase[];
}

interface FormSpec {
  kind: Kind;
  valid: Record<string, unknown>;
  /** Every field the server reads (the spam trap aside). */
  fields: readonly string[];
  /** Fields that take any text up to their limit. */
  limits: Record<string, number>;
  /** Fields limited to a list, with values that are not on it. */
  choices: Record<string, readonly string[]>;
  dateField?: string;
  emailField: string;
}

export const scriptPayload = "<script>alert(1)</script>";
export const imagePayload = '"><img src=x onerror=alert(1)>';

const futureYear = Number(futureDate.slice(0, 4));
const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);

const mediaType = { json: "application/json", form: "application/x-www-form-urlencoded" } as const;

const specs: FormSpec[] = [
  {
    kind: "quote",
    valid: validQuote,
    fields: Object.keys(validQuote),
    limits: { fullName: maxLength.name, phoneNumber: maxLength.phoneNumber, eventLocation: maxLength.eventLocation, message: maxLength.message },
    choices: {
      packageDuration: ["3 Hours", "8hrs", " 3hrs", "toString"],
      service: ["Mirror Booth", "glam booth", "Photobooth", "__proto__"],
    },
    dateField: "eventDate",
    emailField: "email",
  },
  {
    kind: "contact",
    valid: validContact,
    fields: Object.keys(validContact),
    limits: { name: maxLength.name, message: maxLength.message },
    choices: {},
    emailField: "email",
  },
  {
    kind: "booking",
    valid: validBooking,
    fields: [...Object.keys(validBooking).filter((field) => field !== "price"), "invoiceNumber"],
    limits: { fullName: maxLength.name, phoneNumber: maxLength.phoneNumber, eventLocation: maxLength.eventLocation, message: maxLength.message },
    choices: {
      boothType: ["Mirror Booth", "glam booth", " Glam Booth", "constructor"],
      packageDuration: ["3hrs", "9 Hours", "3 hours", "3"],
      service: ["Video", "photobooth", ""],
      invoiceNumber: [
        "PB-2026-1",
        `PB-${futureYear}0230-123`,
        `PB-${futureYear}0615-099`,
        `pb-${futureYear}0615-123`,
        `PB-${futureYear}0615-1234`,
        `PB-${futureYear}0615-123/../x`,
        "../../etc/passwd",
        `PB-${futureYear}0615-\uff11\uff12\uff13`,
      ],
    },
    dateField: "eventDate",
    emailField: "email",
  },
];

function encode(encoding: Encoding, values: Record<string, unknown>): string {
  if (encoding === "json") return JSON.stringify(values);
  return new URLSearchParams(Object.entries(values).map(([key, value]) => [key, String(value)])).toString();
}

/** The same field sent twice, the second value last (JSON.parse and the form reader both keep the last). */
function duplicated(encoding: Encoding, values: Record<string, unknown>, field: string, second: unknown): string {
  if (encoding === "json") return `${JSON.stringify(values).slice(0, -1)},${JSON.stringify(field)}:${JSON.stringify(second)}}`;
  return `${encode("form", values)}&${new URLSearchParams([[field, String(second)]])}`;
}

const unicodeNames = [
  "Zo\u00eb Nguy\u1ec5n \u{1F389}",
  "\u0645\u062d\u0645\u062f \u0627\u0644\u0623\u062d\u0645\u062f",
  "Jose\u0301 Garci\u0301a",
  "\u{1F469}\u200d\u{1F469}\u200d\u{1F467}\u200d\u{1F466} Family",
  "\u202eevil\u202c Name",
  "\u{1F600}".repeat(50),
  "\u{1F600}".repeat(51),
];

const injectedEmails = [
  "a@b.com\r\nBcc: x@y.com",
  "a@b.com\nBcc: x@y.com",
  "a@b.com%0ABcc: x@y.com",
  "a@b.com%0D%0ABcc:x@y.com",
  "a@b.com, x@y.com",
  "Jane <a@b.com>",
  "a@b.com\u0000",
  "<script>alert(1)</script>@b.com",
];

/**
 * A value with a control character or markup in it, by label, and what a free-text field keeps of
 * it: control characters dropped, line breaks as spaces in a single-line field and as line feeds in
 * a message, markup as typed (docs/product-decisions.md, "Bad input").
 */
function oddValues(base: string): Map<string, { sent: string; line: string; lines: string }> {
  const inside = (char: string) => `${base.slice(0, 3)}${char}${base.slice(3)}`;
  const asTyped = (sent: string) => ({ sent, line: sent, lines: sent });
  return new Map([
    ["with NUL inside", { sent: inside("\u0000"), line: base, lines: base }],
    ["with BEL inside", { sent: inside("\u0007"), line: base, lines: base }],
    ["with CR LF inside", { sent: inside("\r\nBcc: x@y.com\r\n"), line: inside(" Bcc: x@y.com "), lines: inside("\nBcc: x@y.com\n") }],
    ["holding a script tag", asTyped(scriptPayload)],
    ["holding an img onerror", asTyped(imagePayload)],
  ]);
}

function badDates(): string[] {
  return [
    `${futureYear}-02-30`,
    `31/12/${futureYear}`,
    "",
    "2020-01-01",
    twoDaysAgo,
    "99999-01-01",
    `+0${futureYear}-06-15`,
    `${futureYear}-13-01`,
    `${futureYear}-6-5`,
    `${futureYear}0615`,
    `${futureDate}T10:00:00Z`,
    "tomorrow",
    `${futureYear + 6}-06-15`,
    "\uff12\uff10\uff12\uff17-\uff10\uff16-\uff11\uff15",
  ];
}

/** Booking slots already handed out: JSON and form cases share one worker, so they never share a date and booth. */
let bookingSlots = 0;

function casesFor(spec: FormSpec, encoding: Encoding): BadInputCase[] {
  const valid: Record<string, unknown> = encoding === "form" ? { ...spec.valid, [honeypotField]: "" } : spec.valid;
  // A booking that may be accepted holds its booth, so each such case books its own date and booth.
  const own = (outcome: Outcome) => (spec.kind === "booking" && outcome !== "refused" ? bookingSlot("security", bookingSlots++) : {});
  const contentType = mediaType[encoding];
  const cases: BadInputCase[] = [];
  const raw = (name: string, body: string | Uint8Array<ArrayBuffer>, outcome: Outcome, status?: number, type: string | null = contentType) =>
    cases.push({ name, body, contentType: type, outcome, status, intact: {} });
  /** The valid body, in its own booking slot when the case may be accepted. */
  const validFor = (outcome: Outcome) => encode(encoding, { ...valid, ...own(outcome) });
  /** A case changing the valid body by `overrides`, whose record, if one is stored, holds them (trimmed) or what `kept` says. */
  const change = (name: string, overrides: Record<string, unknown>, outcome: Outcome, status?: number, kept?: Record<string, string>) => {
    const intact = kept ?? Object.fromEntries(Object.entries(overrides).flatMap(([field, value]) => (typeof value === "string" ? [[field, value.trim()]] : [])));
    cases.push({ name, body: encode(encoding, { ...valid, ...own(outcome), ...overrides }), contentType, outcome, status, intact });
  };
  const freeText = Object.keys(spec.limits);
  const isFreeText = (field: string) => freeText.includes(field);
  const requiredText = (field: string) => !(spec.kind === "booking" && ["message", "service", "invoiceNumber"].includes(field));

  // Broken bodies.
  const validBody = encode(encoding, valid);
  raw("an empty body", "", "refused", 400);
  raw("a body of spaces", "   ", "refused", 400);
  raw("the body cut to a quarter", validBody.slice(0, validBody.length / 4), "refused", 400);
  raw("the body cut in half", validBody.slice(0, validBody.length / 2), "refused", 400);
  raw("a body over 32 KB", encode(encoding, { ...valid, message: "x".repeat(33 * 1024) }), "refused", 413);
  raw("a body under 32 KB with an over-long message", encode(encoding, { ...valid, message: "x".repeat(30 * 1024) }), "refused", 400);
  if (encoding === "json") {
    raw("the body missing its last character", validBody.slice(0, -1), "refused", 400);
    raw("malformed JSON", "{not json", "refused", 400);
    raw("a key without a value", '{"email":}', "refused", 400);
    raw("a trailing comma", `${validBody.slice(0, -1)},}`, "refused", 400);
    raw("single-quoted JSON", validBody.replaceAll('"', "'"), "refused", 400);
    raw("JSON with a comment", `/* hi */${validBody}`, "refused", 400);
    raw("NaN as a value", `${validBody.slice(0, -1)},"x":NaN}`, "refused", 400);
    raw("two JSON objects in a row", `${validBody}${validBody}`, "refused", 400);
    for (const [name, body] of [["null", "null"], ["an empty array", "[]"], ["an array holding the request", `[${validBody}]`], ["a number", "42"], ["a string", '"hello"'], ["true", "true"], ["false", "false"]]) {
      raw(`a JSON body that is ${name}`, body!, "refused", 400);
    }
    raw("an empty JSON object", "{}", "refused", 400);
    raw("a JSON object of unknown fields", '{"hello":"there"}', "refused", 400);
    raw("JSON with a byte-order mark", `\ufeff${validFor("either")}`, "either");
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml", "text/json", "application/jsonx", "application/json-patch+json"]) {
      raw(`the content type ${type}`, validBody, "refused", 415, type);
    }
    raw("no content type", new TextEncoder().encode(validBody), "refused", 415, null);
    raw("the content type application/json; charset=utf-8", validFor("accepted"), "accepted", undefined, "application/json; charset=utf-8");
  } else {
    raw("only the spam trap", `${honeypotField}=`, "refused", 400);
    raw("a broken percent escape", "%ZZ=%&%", "refused", 400);
    raw("only separators", "&&&===&", "refused", 400);
    raw("the value of the first field cut short", validBody.slice(0, validBody.indexOf("&") - 2), "refused", 400);
    raw("JSON sent as a form", JSON.stringify(spec.valid), "refused", 400);
    raw("field names with brackets", encode("form", Object.fromEntries(Object.entries(valid).map(([field, value]) => [`${field}[]`, value]))), "refused", 400);
    raw("field names in the wrong case", encode("form", Object.fromEntries(Object.entries(valid).map(([field, value]) => [field.toUpperCase(), value]))), "refused", 400);
    const boundary = "----bad-input";
    const multipart = `${Object.entries(valid).map(([field, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`).join("")}--${boundary}--\r\n`;
    raw("a multipart form", multipart, "refused", 415, `multipart/form-data; boundary=${boundary}`);
    for (const type of ["application/json", "text/plain", "text/html", "application/x-www-form-urlencodedx"]) {
      raw(`the content type ${type}`, validBody, "refused", 415, type);
    }
    raw("no content type", new TextEncoder().encode(validBody), "refused", 415, null);
    raw("the content type with a charset", validFor("accepted"), "accepted", undefined, "application/x-www-form-urlencoded; charset=UTF-8");
  }

  for (const field of spec.fields) {
    // Wrong JSON types: nothing but text is accepted for any field.
    if (encoding === "json") {
      const sample = String(spec.valid[field] ?? "PB-20270615-123");
      for (const [label, value] of [["a number", 42], ["true", true], ["null", null], ["an array", [sample]], ["an object", { value: sample }]] as const) {
        change(`${field} as ${label}`, { [field]: value }, "refused", 400);
      }
    }
    // One character over the limit, or a long string where only a listed value or a format fits.
    const limit = spec.limits[field] ?? (field === spec.emailField ? maxLength.email : 1000);
    change(`${field} one character too long`, { [field]: field === spec.emailField ? `${"a".repeat(limit - 7)}@b.com` + "m".repeat(2) : "x".repeat(limit + 1) }, "refused", 400);
    if (requiredText(field)) {
      change(`${field} empty`, { [field]: "" }, "refused", 400);
      change(`${field} only spaces`, { [field]: " \t " }, "refused", 400);
    }
    // Control characters and markup where only a listed value or a format fits (free text is below, all fields at once).
    if (!isFreeText(field)) {
      for (const [label, { sent }] of oddValues(String(spec.valid[field] ?? "PB-20270615-123"))) change(`${field} ${label}`, { [field]: sent }, "refused", 400);
    }
    // The same field twice: the last value is the one judged.
    const bad = encoding === "json" ? 42 : "x".repeat(3000);
    cases.push({ name: `${field} sent twice, the second bad`, body: duplicated(encoding, valid, field, bad), contentType, outcome: "refused", status: 400, intact: {} });
  }

  // Free text drops control characters and keeps markup as typed (every page, e-mail and PDF escapes
  // it); in a refused request it comes back escaped in the form.
  for (const [label] of oddValues("")) {
    const odd = (field: string) => oddValues(String(spec.valid[field] ?? "Some text")).get(label)!;
    const sent = Object.fromEntries(freeText.map((field) => [field, odd(field).sent]));
    const kept = Object.fromEntries(freeText.map((field) => [field, odd(field)[field === "message" ? "lines" : "line"]]));
    change(`every text field ${label}`, sent, "accepted", undefined, kept);
  }
  for (const payload of [scriptPayload, imagePayload]) {
    change(`${payload} in every text field with a bad e-mail address`, { ...Object.fromEntries(freeText.map((field) => [field, payload])), [spec.emailField]: "nope" }, "refused", 400);
  }
  const firstText = freeText[0]!;
  cases.push({
    name: `${firstText} sent twice, the first bad and the second good`,
    body: duplicated(encoding, { ...valid, ...own("accepted"), [firstText]: "x".repeat(3000) }, firstText, "Second Value"),
    contentType,
    outcome: "accepted",
    intact: { [firstText]: "Second Value" },
  });
  cases.push({ name: `the spam trap sent empty and then filled`, body: duplicated(encoding, valid, honeypotField, "http://spam.example"), contentType, outcome: "refused", status: 400, intact: {} });

  for (const email of injectedEmails) change(`the e-mail address ${JSON.stringify(email)}`, { [spec.emailField]: email }, "refused", 400);
  change("an international e-mail address", { [spec.emailField]: "j\u00f6se@ex\u00e4mple.com" }, "either");

  if (spec.dateField) for (const date of badDates()) change(`the event date ${JSON.stringify(date)}`, { [spec.dateField]: date }, "refused", 400);
  if (spec.dateField) {
    const slot: Record<string, unknown> = own("accepted");
    const date = String(slot.eventDate ?? futureDate);
    const body = encode(encoding, { ...valid, ...slot, [spec.dateField]: ` ${date} ` });
    cases.push({ name: "the event date with spaces around it", body, contentType, outcome: "accepted", intact: { [spec.dateField]: date } });
  }

  for (const [field, values] of Object.entries(spec.choices)) {
    for (const value of values) change(`${field} ${JSON.stringify(value)}`, { [field]: value }, "refused", 400);
  }

  for (const trap of ["http://spam.example", "x", " y "]) change(`the spam trap holding ${JSON.stringify(trap)}`, { [honeypotField]: trap }, "refused", 400);
  if (encoding === "json") for (const trap of [0, true, false, ["x"]]) change(`the spam trap holding ${JSON.stringify(trap)}`, { [honeypotField]: trap }, "refused", 400);

  // Valid edges.
  change("every text field at its limit", Object.fromEntries(freeText.map((field) => [field, "y".repeat(spec.limits[field]!)])), "accepted");
  for (const name of unicodeNames) change(`the name ${JSON.stringify(name)}`, { [firstText]: name }, "either");
  const lastText = freeText.at(-1)!;
  // As a browser sends a textarea's lines: each ends in CR LF, which is kept as a line feed.
  const lines = (end: string) => `\u00c7a va? \u{1F600}${end}Second line \u2014 caf\u00e9`;
  change("a multi-line message with accents and emoji", { [lastText]: lines("\r\n") }, "either", undefined, { [lastText]: lines("\n") });
  if (encoding === "json") {
    // Not text at all; KV would keep it as bytes that are not UTF-8.
    for (const field of freeText) change(`${field} with a lone surrogate`, { [field]: "Bad \ud800 Half" }, "refused", 400);
    raw("an extra __proto__ field", `${validFor("accepted").slice(0, -1)},"__proto__":{"isAdmin":true}}`, "accepted");
  }
  return cases;
}

const paths = {
  json: { quote: "/.netlify/functions/sendQuote", contact: "/.netlify/functions/sendQuote", booking: "/.netlify/functions/booking" },
  form: { quote: "/quickquote", contact: "/contact", booking: "/booking" },
} as const;

export const endpoints: Endpoint[] = (["json", "form"] as const).flatMap((encoding) =>
  specs.map((spec) => ({
    name: `${encoding === "json" ? "JSON" : "form post"} ${paths[encoding][spec.kind]} (${spec.kind})`,
    path: paths[encoding][spec.kind],
    kind: spec.kind,
    encoding,
    cases: casesFor(spec, encoding),
  })),
);
