/**
 * Every kind of link the site hands out (docs/product-decisions.md, "Links and what each may do").
 * There is no login: each link is a bearer of one power on one thing, and its kind is part of what
 * is signed, so a link of one kind never opens another's door (viewing a proof is not uploading
 * one). Each signed kind but those of `ungeneratedKinds` has a generation kept in one Durable Object
 * (app/links/generations.server.ts, app/links/signing.server.ts): moving a kind on takes back every
 * link of that kind at once and leaves the other kinds be
 * (docs/operations.md, "Every link and token").
 */

/** The owner's action links in the e-mails, one power each. */
export const ownerActionKinds = ["confirm", "decline", "cancel", "refund", "logo", "proof"] as const;
export type OwnerActionKind = (typeof ownerActionKinds)[number];

/** The secret each signed kind is made with. Three secrets, so a leaked feed address never costs the e-mails' links, nor the reverse. */
export type LinkSecretName = "OWNER_LINK_SECRET" | "OWNER_FEED_SECRET" | "OWNER_DAY_SECRET";

/**
 * Each signed kind and the secret it is made with. The owner's action links and the owner's page
 * of a booking work until `lifecycle.ownerLinkDaysAfterEvent` days after its event, a day sheet
 * until `agenda.daySheetDaysAfter` days after its date, the rest until their kind is taken back.
 */
export const signedKinds = {
  confirm: "OWNER_LINK_SECRET",
  decline: "OWNER_LINK_SECRET",
  cancel: "OWNER_LINK_SECRET",
  refund: "OWNER_LINK_SECRET",
  logo: "OWNER_LINK_SECRET",
  proof: "OWNER_LINK_SECRET",
  /** The owner's page of one booking. */
  booking: "OWNER_LINK_SECRET",
  /** The owner's home page. */
  home: "OWNER_LINK_SECRET",
  /** The owner's numbers, read-only. */
  numbers: "OWNER_LINK_SECRET",
  /** The owner's view of one quote, read-only, signed over the quote's id. */
  quote: "OWNER_LINK_SECRET",
  /** Unsubscribing the address of one quote from its follow-ups (RFC 8058 one-click), signed over the quote's id. */
  unsubscribe: "OWNER_LINK_SECRET",
  /** The day sheet of one date, read-only: it links nothing that acts. */
  "day-sheet": "OWNER_DAY_SECRET",
  /** One attendant's own page (app/crew/), signed over their id and their own generation: their events, and their answer to each. */
  attendant: "OWNER_LINK_SECRET",
  /**
   * One attendant's calendar feed, read-only: it ends up on calendar servers and in shared
   * calendars, so it is a power of its own that opens no page. Signed over their id, their own
   * generation (taken back with their link) and the feed's own (taken back alone).
   */
  "attendant-feed": "OWNER_FEED_SECRET",
  /** One attendant's view of the print design proof of one event they are on, read-only, signed over their id and the booking's number at the attendant's own generation: it goes with their link, and opens nothing once they are off the event. */
  "attendant-proof": "OWNER_LINK_SECRET",
  /** The owner's calendar feed, read-only. */
  feed: "OWNER_FEED_SECRET",
  /** The accountant's export, read-only. */
  export: "OWNER_FEED_SECRET",
  /** The month's hours of each attendant, for payroll, read-only (a CSV). */
  "crew-hours": "OWNER_FEED_SECRET",
  /** `npm run reindex`: rebuilds the index of bookings by date. */
  reindex: "OWNER_FEED_SECRET",
  /** `npm run promo -- list`: the promo codes' uses. */
  promos: "OWNER_FEED_SECRET",
  /**
   * A request of the owner's scripts to the generations themselves (`npm run owner:links`): read
   * them, or move one on. Signed over the moment it was made and its body, and good for minutes
   * (app/links/generations-requests.server.ts). With the secret of the owner's action links: it
   * takes links back, and whoever holds that secret can forge every one of them anyway.
   */
  "link-generations": "OWNER_LINK_SECRET",
} as const satisfies Record<string, LinkSecretName>;

export type SignedLinkKind = keyof typeof signedKinds;

/**
 * Signed kinds with no generation: they cannot be taken back. An unsubscribe link must keep working
 * for at least 30 days after the e-mail that carried it was sent (the Spam Act 2003), whatever the
 * owner takes back meanwhile, and it can do nothing but stop e-mails; so it never expires either.
 * A request to the generations is good for minutes only, and signed at a generation of its own it
 * could not be made without reading the generations first, through itself.
 */
export const ungeneratedKinds = ["unsubscribe", "link-generations"] as const satisfies readonly SignedLinkKind[];

export function hasGeneration(kind: SignedLinkKind): boolean {
  return !ungeneratedKinds.some((ungenerated) => ungenerated === kind);
}

/**
 * The client's keys to their booking page (`invoiceSecret`, stored with the booking) and to their
 * quote page (`key`, stored with the quote): random secrets kept with what they open, not signatures,
 * so they have no generation.
 */
export const storedKeyKinds = ["booking-key", "quote-key"] as const;
export type StoredKeyKind = (typeof storedKeyKinds)[number];

export type LinkKind = SignedLinkKind | StoredKeyKind;

export function isSignedLinkKind(value: string | undefined): value is SignedLinkKind {
  return value !== undefined && Object.hasOwn(signedKinds, value);
}

export function isOwnerActionKind(value: string | undefined): value is OwnerActionKind {
  return ownerActionKinds.some((kind) => kind === value);
}
