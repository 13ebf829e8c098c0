/**
 * The owner's `npm run promo` arguments, checked before anything is written (scripts/promo.mjs
 * runs them): `add CODE` with its terms, `list`, `end CODE`, each with `--remote` for the deployed
 * site. Pure, so every refusal is unit-tested; a wrong argument is a message saying which and why.
 */
import { isIsoDate } from "~/content/dates";
import { normaliseCode, promoCodeLength } from "~/input/fields";
import type { PromoCode } from "~/prices/promo-codes";

export type PromoCommand =
  | { action: "add"; promo: PromoCode; remote: boolean }
  | { action: "list"; remote: boolean }
  | { action: "end"; code: string; remote: boolean };

/** An argument the owner typed is wrong; the message says which and why. */
export class PromoCommandError extends Error {}

export const promoUsage = `Usage:
  npm run promo -- add CODE (--percent 1-100 | --dollars N) [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--weekdays] [--uses N] [--expires YYYY-MM-DD] [--remote]
  npm run promo -- list [--remote]
  npm run promo -- end CODE [--remote]`;

const valueFlags = ["percent", "dollars", "from", "to", "uses", "expires"] as const;
const switchFlags = ["weekdays", "remote"] as const;
type ValueFlag = (typeof valueFlags)[number];
type SwitchFlag = (typeof switchFlags)[number];

interface Arguments {
  positionals: string[];
  values: Partial<Record<ValueFlag, string>>;
  switches: Set<SwitchFlag>;
}

function readArguments(argv: readonly string[]): Arguments {
  const parsed: Arguments = { positionals: [], values: {}, switches: new Set() };
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i]!;
    if (!argument.startsWith("--")) {
      parsed.positionals.push(argument);
      continue;
    }
    const [name, inline] = argument.slice(2).split(/=(.*)/s) as [string, string | undefined];
    if ((switchFlags as readonly string[]).includes(name)) {
      if (inline !== undefined) throw new PromoCommandError(`--${name} takes no value.`);
      parsed.switches.add(name as SwitchFlag);
    } else if ((valueFlags as readonly string[]).includes(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined || value.startsWith("--")) throw new PromoCommandError(`--${name} needs a value.`);
      if (name in parsed.values) throw new PromoCommandError(`--${name} is given twice.`);
      parsed.values[name as ValueFlag] = value;
    } else {
      throw new PromoCommandError(`Unknown option --${name}.`);
    }
  }
  return parsed;
}

function wholeNumber(flag: ValueFlag, value: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const number = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(number >= min && number <= max)) {
    const range = max === Number.MAX_SAFE_INTEGER ? `a whole number from ${min} up` : `a whole number from ${min} to ${max}`;
    throw new PromoCommandError(`--${flag} must be ${range}, not ${value}.`);
  }
  return number;
}

function date(flag: ValueFlag, value: string | undefined): string | undefined {
  if (value !== undefined && !isIsoDate(value)) throw new PromoCommandError(`--${flag} must be a date written YYYY-MM-DD, not ${value}.`);
  return value;
}

function codeOf(positionals: string[], action: string): string {
  if (positionals.length !== 2) throw new PromoCommandError(`${action} takes one code, e.g. ${action} WINTER10.`);
  const code = normaliseCode(positionals[1]!);
  if (!/^[A-Z0-9][A-Z0-9_-]*$/.test(code) || code.length > promoCodeLength) {
    throw new PromoCommandError(`A code is letters, digits, - and _ (at most ${promoCodeLength}), not ${positionals[1]}.`);
  }
  return code;
}

function onlyFlags(args: Arguments, action: string, allowed: readonly string[]): void {
  const given = [...Object.keys(args.values), ...args.switches].filter((flag) => !allowed.includes(flag));
  if (given.length) throw new PromoCommandError(`${action} takes no --${given.join(", --")}.`);
}

function newPromo(code: string, { values, switches }: Arguments, today: string, now: Date): PromoCode {
  if ((values.percent === undefined) === (values.dollars === undefined)) throw new PromoCommandError("Give either --percent or --dollars.");
  const off = values.percent !== undefined ? { percent: wholeNumber("percent", values.percent, 1, 100) } : { dollars: wholeNumber("dollars", values.dollars!, 1) };
  const [from, to, expires] = [date("from", values.from), date("to", values.to), date("expires", values.expires)];
  if (from && to && from > to) throw new PromoCommandError(`--from ${from} is after --to ${to}.`);
  if (expires && expires < today) throw new PromoCommandError(`--expires ${expires} has already passed.`);
  return {
    code,
    off,
    ...(from && { from }),
    ...(to && { to }),
    weekdaysOnly: switches.has("weekdays"),
    uses: values.uses === undefined ? null : wholeNumber("uses", values.uses, 1),
    ...(expires && { expires }),
    createdAt: now.toISOString(),
  };
}

/** `argv` as after `npm run promo --`; `today` is Melbourne's date at `now`. */
export function parsePromoCommand(argv: readonly string[], { now, today }: { now: Date; today: string }): PromoCommand {
  const args = readArguments(argv);
  const remote = args.switches.has("remote");
  switch (args.positionals[0]) {
    case "add":
      return { action: "add", promo: newPromo(codeOf(args.positionals, "add"), args, today, now), remote };
    case "end":
      onlyFlags(args, "end", ["remote"]);
      return { action: "end", code: codeOf(args.positionals, "end"), remote };
    case "list":
      onlyFlags(args, "list", ["remote"]);
      if (args.positionals.length > 1) throw new PromoCommandError("list takes no code.");
      return { action: "list", remote };
    default:
      throw new PromoCommandError(args.positionals[0] ? `Unknown command ${args.positionals[0]}.` : "Say add, list or end.");
  }
}

/** One line of `list`: "WINTER10: 10% off; events 2027-05-01 to 2027-08-31, Monday to Thursday; 3 of 20 used; until 2027-07-31". */
export function describePromo(promo: PromoCode & { used: number }): string {
  const off = "percent" in promo.off ? `${promo.off.percent}% off` : `$${promo.off.dollars} off`;
  const events = [promo.from || promo.to ? `events ${promo.from ?? "any date"} to ${promo.to ?? "any date"}` : "any event", promo.weekdaysOnly && "Monday to Thursday"];
  const parts = [
    off,
    events.filter(Boolean).join(", "),
    promo.uses === null ? `${promo.used} used, no limit` : `${promo.used} of ${promo.uses} used`,
    promo.expires ? `until ${promo.expires}` : "no expiry",
    promo.endedAt && `ENDED ${promo.endedAt.slice(0, 10)}`,
  ];
  return `${promo.code}: ${parts.filter(Boolean).join("; ")}`;
}
