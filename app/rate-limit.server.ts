/**
 * A per-visitor, per-form submission limit over a span of time, not the clock's windows: "5 in 10
 * minutes" is never 6 in any 10 minutes, and "once an hour" never two within 60 minutes
 * (docs/product-decisions.md, "Links and what each may do"). Counted in a Durable Object
 * (workers/submission-limits.ts explains why) so that requests sent at once are counted one after
 * another. A visitor is an IPv4 address, or an IPv6 address's /64: one connection is handed a
 * whole /64, and counting its addresses apart would give it billions of limits.
 */
/** At most `max` submissions of `form` in any `windowSeconds`. */
export interface RateLimit {
  form: string;
  max: number;
  windowSeconds: number;
}

/** One limit as the counting object keeps it: at most `max` takes of `form` in any `spanMs` milliseconds. */
export interface SpanLimit {
  form: string;
  max: number;
  spanMs: number;
}

/** Each visitor's counts, one object per visitor key. */
export interface SubmissionLimits {
  /** Counts one submission at `at` (milliseconds since the epoch) against every limit of `limits`, or none and false when one has had its `max` in its span. */
  take(visitorKey: string, at: number, limits: SpanLimit[]): Promise<boolean>;
}

export function durableSubmissionLimits(namespace: DurableObjectNamespace): SubmissionLimits {
  return {
    async take(visitorKey, at, limits) {
      const stub = namespace.get(namespace.idFromName(visitorKey));
      const response = await stub.fetch("https://submission-limits/take", { method: "POST", body: JSON.stringify({ at, limits }) });
      if (!response.ok) throw new Error(`Submission limits answered ${response.status}`);
      return (await response.json<{ taken: boolean }>()).taken;
    },
  };
}

/** Counts one submission against each of `limits`, in one call to the visitor's object; false when one of them is used up. */
export async function takeSubmission(limits: SubmissionLimits, { visitor, now }: { visitor: string; now: Date }, counted: RateLimit[]): Promise<boolean> {
  const spans = counted.map(({ form, max, windowSeconds }) => ({ form, max, spanMs: windowSeconds * 1000 }));
  try {
    return await limits.take(visitorKey(visitor), now.getTime(), spans);
  } catch (error) {
    // The limit is spam protection a real visitor never notices (docs/product-decisions.md, "Bad
    // input"): when it cannot be counted, the form goes through rather than a real request being lost.
    console.error(`The ${counted.map(({ form }) => form).join(" and ")} submission limit could not be counted; the submission is let through:`, error);
    return true;
  }
}

/** Cloudflare puts the visitor's address in this header; it cannot be set by the visitor. */
export function visitorOf(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}

const ipv4Pattern = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** An IPv4 address's four numbers, or null when `text` is not one. */
function ipv4Parts(text: string): number[] | null {
  const parts = ipv4Pattern.exec(text)?.slice(1).map(Number);
  return parts && parts.every((part) => part <= 255) ? parts : null;
}

/** An IPv6 address's eight 16-bit groups (`::` filled in, a dotted IPv4 tail read as two groups), or null when `text` is not one. */
function ipv6Groups(text: string): number[] | null {
  let address = text.split("%")[0]!;
  const dotted = /[^:]*\.[^:]*$/.exec(address)?.[0];
  if (dotted !== undefined) {
    const parts = ipv4Parts(dotted);
    if (!parts) return null;
    const [a, b, c, d] = parts as [number, number, number, number];
    address = `${address.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (part: string) => (part === "" ? [] : part.split(":"));
  const [head, rest] = [groupsOf(halves[0]!), groupsOf(halves[1] ?? "")];
  const missing = 8 - head.length - rest.length;
  // `::` stands for at least one group of zeros; without it there are exactly eight.
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  return groups.every((group) => /^[0-9a-f]{1,4}$/.test(group)) ? groups.map((group) => parseInt(group, 16)) : null;
}

/**
 * Whom a submission is counted against: an IPv4 address as itself, however written (also as an
 * IPv4-mapped IPv6 address, `::ffff:192.0.2.1`); an IPv6 address by its /64, in one spelling
 * (`2001:db8:0:1::/64`). Anything else is counted as written.
 */
export function visitorKey(address: string): string {
  const text = address.trim().toLowerCase();
  const ipv4 = ipv4Parts(text);
  if (ipv4) return ipv4.join(".");
  const groups = ipv6Groups(text);
  if (!groups) return text;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}
