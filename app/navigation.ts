/** Header navigation, in the spec's order and with its labels. */
export const navItems = [
  { label: "HOMEPAGE", to: "/" },
  { label: "PHOTOBOOTHS", to: "/photobooths" },
  { label: "EVENTS", to: "/events" },
  { label: "PACKAGES", to: "/packages" },
  { label: "BACKDROP", to: "/backdrop" },
  { label: "BOOKING", to: "/booking" },
  { label: "QUICK QUOTE", to: "/quickquote" },
  { label: "PAY HERE", to: "/pay" },
] as const;

/** Every public page, for the sitemap, the audit and the route tests. Blog posts are added from the blog module. */
export const publicPaths = [
  "/",
  "/events",
  "/photobooths",
  "/packages",
  "/quickquote",
  "/booking",
  "/pay",
  "/backdrop",
  "/terms",
  "/privacy",
  "/christmas",
  "/graduation",
  "/photoboothhiremelbourne",
  "/corporate-events",
  "/weddings",
  "/birthday",
  "/halloween",
  "/thankyou",
  "/blog",
  "/open-booth",
  "/glam-booth",
  "/enclosed-booth",
  "/contact",
] as const;

/** The first segments of the pages private to one person, whose addresses carry a key or a signed token. */
const privateSections = new Set(["invoice", "owner", "crew", "quote", "unsubscribe"]);

/**
 * Pages private to a client, the owner or an attendant: the booking page and its change pages, the
 * quote page, the owner's home and links, the day sheet, an attendant's page, unsubscribing. The
 * floating Book Now button stays off them: it would cover their own buttons on a phone.
 */
export function isPrivatePath(pathname: string): boolean {
  return privateSections.has(pathname.split("/")[1] ?? "");
}
