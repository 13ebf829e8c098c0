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

/**
 * Pages private to a client or the owner (their addresses carry a key or a signed token): the
 * booking page, its invoice, change and cancel pages, the owner's links and the day sheet. The
 * floating Book Now button stays off them: it would cover their own buttons on a phone.
 */
export function isPrivatePath(pathname: string): boolean {
  return ["/invoice/", "/owner/"].some((prefix) => pathname.startsWith(prefix));
}
