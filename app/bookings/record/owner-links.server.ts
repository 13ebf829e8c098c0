/**
 * The owner's Confirm, Decline and Cancel links, the link to a client's logo and the one to upload
 * a print design proof (no login): each names one booking and one action and carries an expiry and
 * an HMAC-SHA-256 signature over all three, made with `OWNER_LINK_SECRET`. Whoever lacks the secret cannot make or alter a link.
 */
import { lifecycle } from "~/business";
import type { BookingRecord } from "~/bookings/record/booking";
import { ownerActions, type OwnerAction } from "~/bookings/record/lifecycle";
import { findBooking } from "~/bookings/record/record.server";
import type { Services } from "~/types/services";

/** What a signed link lets the owner do: change the booking's status, open the client's logo, refund what is owed back, or upload a print design proof. */
export type SignedAction = OwnerAction | "logo" | "refund" | "proof";
const signedActions: readonly SignedAction[] = [...ownerActions, "logo", "refund", "proof"];

function isSignedAction(value: string | undefined): value is SignedAction {
  return signedActions.some((action) => action === value);
}

export interface OwnerLink {
  invoiceNumber: string;
  action: SignedAction;
  /** Unix time in seconds after which the link no longer works. */
  expires: number;
}

const encoder = new TextEncoder();

function key(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

function signedText({ invoiceNumber, action, expires }: OwnerLink): Uint8Array<ArrayBuffer> {
  return encoder.encode(`${invoiceNumber}\n${action}\n${expires}`);
}

function toHex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[0-9a-f]{64}$/.test(hex)) return null;
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

/** Site-relative address of a signed link, valid for `lifecycle.ownerLinkDays` from `now`. */
export async function ownerLinkPath(secret: string, invoiceNumber: string, action: SignedAction, now: Date): Promise<string> {
  const link: OwnerLink = { invoiceNumber, action, expires: Math.floor(now.getTime() / 1000) + lifecycle.ownerLinkDays * 86_400 };
  const signature = toHex(await crypto.subtle.sign("HMAC", await key(secret), signedText(link)));
  return `/owner/${invoiceNumber}/${action}?expires=${link.expires}&sig=${signature}`;
}

/**
 * The link's booking and action when the signature matches and the link has not expired;
 * null for anything else (tampered, expired, another action, malformed).
 */
export async function verifyOwnerLink(
  secret: string,
  { invoiceNumber, action, expires, sig }: { invoiceNumber?: string; action?: string; expires: string | null; sig: string | null },
  now: Date,
): Promise<OwnerLink | null> {
  const signature = fromHex(sig ?? "");
  const expiry = Number(expires);
  if (!invoiceNumber || !isSignedAction(action) || !signature || !/^\d+$/.test(expires ?? "")) return null;
  if (expiry * 1000 <= now.getTime()) return null;
  const link: OwnerLink = { invoiceNumber, action, expires: expiry };
  // verify() compares in constant time.
  return (await crypto.subtle.verify("HMAC", await key(secret), signature, signedText(link))) ? link : null;
}

/** The booking a signed link for `action` names, or null for any link that is not genuine and current (or no secret is configured). */
export async function bookingOfOwnerLink(services: Pick<Services, "config" | "kv" | "now">, action: SignedAction, number: string | undefined, query: URLSearchParams): Promise<BookingRecord | null> {
  const secret = services.config.OWNER_LINK_SECRET;
  if (!secret) return null;
  const link = await verifyOwnerLink(secret, { invoiceNumber: number, action, expires: query.get("expires"), sig: query.get("sig") }, services.now());
  return link ? ((await findBooking(services.kv, link.invoiceNumber))?.booking ?? null) : null;
}

const actionLabels: Record<SignedAction, string> = {
  confirm: "Confirm booking",
  decline: "Decline booking",
  cancel: "Cancel booking",
  logo: "Open the client's logo for",
  refund: "Refund what is owed back on",
  proof: "Upload a print design proof for",
};

/** The owner's links for a booking's e-mail, as full addresses; none when no secret is configured. */
export async function ownerActionLinks(
  config: { SITE_ORIGIN: string; OWNER_LINK_SECRET?: string },
  invoiceNumber: string,
  actions: readonly SignedAction[],
  now: Date,
): Promise<{ label: string; url: string }[]> {
  const secret = config.OWNER_LINK_SECRET;
  if (!secret) return [];
  return Promise.all(
    actions.map(async (action) => ({
      label: `${actionLabels[action]} ${invoiceNumber}`,
      url: `${config.SITE_ORIGIN}${await ownerLinkPath(secret, invoiceNumber, action, now)}`,
    })),
  );
}
