/**
 * The owner's action links in the e-mails (no login): Confirm, Decline, Cancel, Refund, the
 * client's logo and the print design proof's upload, each its own kind of link
 * (app/links/kinds.ts), signed over the booking's number with `OWNER_LINK_SECRET` and its kind's
 * generation. Whoever lacks the secret cannot make or alter a link, and one kind is taken back
 * without the others (`npm run owner:links -- --revoke cancel`). One booking's owner links are
 * taken back on their own, all its kinds at once, by its own generation (`takeBackOwnerLinks`, from
 * the owner's home or `npm run owner:links -- --revoke-booking PB-…`): a forwarded owner e-mail
 * about one booking costs no other booking's page.
 *
 * A link works until `lifecycle.ownerLinkDaysAfterEvent` days after its booking's event. That is
 * worked out from the booking when the link is used, not carried in the address: the link reads
 * the booking anyway (to act on it, and to show what state it is in), a booking whose date moves
 * takes its links' lifetime along, and every e-mail about one booking carries the same address.
 */
import { lifecycle } from "~/business";
import { amountsDue } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import type { BookingRecord } from "~/bookings/record/booking";
import { findBooking } from "~/bookings/record/record.server";
import type { OwnerActionKind, SignedLinkKind } from "~/links/kinds";
import type { LinkGenerations } from "~/links/generations.server";
import { generationSubject, isLinkToken, linkSigner, moveSubjectGeneration, subjectGenerations, type AddressKeys, type LinkKeys, type SubjectNow } from "~/links/signing.server";
import type { Services } from "~/types/services";
import { addDays, melbourneToday } from "~/utils/melbourne-time";

/**
 * What a signed link lets the owner do: change the booking's status, open the client's logo, refund
 * what is owed back, upload a print design proof, or (`booking`) open the owner's page of the
 * booking, where every one of those is a form.
 */
export type SignedAction = OwnerActionKind | "booking";

/** Where each signed link of one booking lives: the owner's page at `/owner/booking/{number}`, each action at `/owner/{number}/{action}`. */
function linkPath(invoiceNumber: string, action: SignedAction): string {
  return action === "booking" ? `/owner/booking/${invoiceNumber}` : `/owner/${invoiceNumber}/${action}`;
}

/** The kind whose per-booking generations take back one booking's owner links, every kind of them. */
const bookingGenerationKind: SignedLinkKind = "booking";

/** Signs owner links for any number of bookings; each kind's key and generation, and the bookings' own generations, are read once, however many links are made. */
export function ownerLinkSigner(keys: LinkKeys): (invoiceNumber: string, action: SignedAction) => Promise<string | null> {
  const signers = new Map<SignedAction, ReturnType<typeof linkSigner>>();
  const generationOf = subjectGenerations(keys.generations, bookingGenerationKind);
  return async (invoiceNumber, action) => {
    const signer = signers.get(action) ?? linkSigner(keys, action);
    signers.set(action, signer);
    const [sign, generation] = await Promise.all([signer, generationOf(invoiceNumber)]);
    return sign && signedPath(sign, invoiceNumber, action, generation);
  };
}

type Signer = NonNullable<Awaited<ReturnType<typeof linkSigner>>>;

/** The link of `action` on one booking, at the booking's own generation, site-relative. */
async function signedPath(sign: Signer, invoiceNumber: string, action: SignedAction, generation: number): Promise<string> {
  return `${linkPath(invoiceNumber, action)}?sig=${await sign(generationSubject(invoiceNumber, generation))}`;
}

/** Takes back every owner link of one booking made so far (its page and each action's), leaving every other booking's; returns its new generation. */
export function takeBackOwnerLinks(generations: LinkGenerations, invoiceNumber: string): Promise<number> {
  return moveSubjectGeneration(generations, bookingGenerationKind, invoiceNumber);
}

/** Site-relative address of a signed link; null without `OWNER_LINK_SECRET`. */
export function ownerLinkPath(keys: LinkKeys, invoiceNumber: string, action: SignedAction): Promise<string | null> {
  return ownerLinkSigner(keys)(invoiceNumber, action);
}

type LinkedBooking = Parameters<typeof billableOf>[0];

/**
 * Whether an owner link for `action` on this booking still works on `today` (Melbourne): until 30
 * days after its event. A Refund link also works after that while the booking still owes money
 * back: the morning e-mail keeps listing such a refund with its link, and the link can only give
 * back what the books say is owed (docs/product-decisions.md, "Links and what each may do").
 */
export function ownerLinkWorks(booking: LinkedBooking, action: SignedAction, today: string): boolean {
  if (today <= addDays(booking.eventDate, lifecycle.ownerLinkDaysAfterEvent)) return true;
  return action === "refund" && amountsDue(billableOf(booking)).refundOwedCents > 0;
}

/** The booking a signed link for `action` names, or null for any link that is not genuine and current (or no secret is configured). */
export async function bookingOfOwnerLink(services: Pick<Services, "config" | "kv" | "generations" | "now">, action: SignedAction, number: string | undefined, query: URLSearchParams): Promise<BookingRecord | null> {
  if (!number) return null;
  // The kind's generation and the booking's own, in one call.
  const signedOver: SubjectNow = { names: [{ kind: bookingGenerationKind, subject: number }], subject: ([own = 0]) => generationSubject(number, own) };
  if (!(await isLinkToken(services, action, signedOver, query.get("sig")))) return null;
  const booking = (await findBooking(services.kv, number))?.booking;
  return booking && ownerLinkWorks(booking, action, melbourneToday(services.now())) ? booking : null;
}

const actionLabels: Record<SignedAction, string> = {
  confirm: "Confirm booking",
  decline: "Decline booking",
  cancel: "Cancel booking",
  logo: "Open the client's logo for",
  refund: "Refund what is owed back on",
  proof: "Upload a print design proof for",
  booking: "Open the owner's page of booking",
};

export interface OwnerActionLink {
  label: string;
  url: string;
}

/** Makes the owner's links for e-mails, as full addresses, for any number of bookings; none when no secret is configured. */
export function ownerActionLinkMaker(keys: AddressKeys): (invoiceNumber: string, actions: readonly SignedAction[]) => Promise<OwnerActionLink[]> {
  const sign = ownerLinkSigner(keys);
  return async (invoiceNumber, actions) => {
    const links = await Promise.all(
      actions.map(async (action) => {
        const path = await sign(invoiceNumber, action);
        return path ? [{ label: `${actionLabels[action]} ${invoiceNumber}`, url: `${keys.config.SITE_ORIGIN}${path}` }] : [];
      }),
    );
    return links.flat();
  };
}

/** The owner's links for one booking's e-mail, as full addresses; none when no secret is configured. */
export function ownerActionLinks(keys: AddressKeys, invoiceNumber: string, actions: readonly SignedAction[]): Promise<OwnerActionLink[]> {
  return ownerActionLinkMaker(keys)(invoiceNumber, actions);
}

/**
 * The one action link every owner e-mail about a booking carries: the owner's page of it, where
 * each action is a form saying what it will do (docs/product-decisions.md, "The owner's page, bank
 * payments and the photos"); none when no secret is configured.
 */
export function ownerPageAction(keys: AddressKeys, invoiceNumber: string): Promise<OwnerActionLink[]> {
  return ownerPageActionAhead(keys)(invoiceNumber);
}

/**
 * `ownerPageAction` for a booking whose number is not known yet: the generations its link is signed
 * at (the kind's, and every booking's own) are read as soon as this is called, so a new booking
 * reads them beside its hold and its number's claim and its answer waits on no call of theirs in a
 * row (docs/speed.md). A booking refused before it asks leaves their failure unseen; one that asks
 * gets it.
 */
export function ownerPageActionAhead(keys: AddressKeys): (invoiceNumber: string) => Promise<OwnerActionLink[]> {
  const read = Promise.all([linkSigner(keys, "booking"), keys.generations.subjects(bookingGenerationKind)]);
  read.catch(() => undefined);
  return async (invoiceNumber) => {
    const [sign, generations] = await read;
    return sign ? [{ label: `Your page of booking ${invoiceNumber}`, url: `${keys.config.SITE_ORIGIN}${await signedPath(sign, invoiceNumber, "booking", generations[invoiceNumber] ?? 0)}` }] : [];
  };
}
