/**
 * The photos' gallery link the owner posts (record/photos.ts): what address the client may be sent.
 * A module of its own, importing nothing of the booking, so the form's schema and the ledger share
 * the one check.
 */
import { isOwnerPath } from "~/utils/owner-path";

/** Long enough for a shared album's address with its access token, short enough to print. */
export const galleryUrlMaxLength = 2000;

/** Why `value` is not a gallery link the client may be sent, or null when it is: https only, no credentials, one line. */
export function galleryUrlProblem(value: string): string | null {
  if (!value) return "Please paste the gallery's address.";
  if (value.length > galleryUrlMaxLength) return `The gallery's address is too long (at most ${galleryUrlMaxLength} characters).`;
  if (/\s/.test(value)) return "The gallery's address cannot contain spaces or line breaks.";
  const url = URL.canParse(value) ? new URL(value) : null;
  if (url?.protocol !== "https:" || !url.hostname) return "Please paste the gallery's full https:// address.";
  if (url.username || url.password) return "The gallery's address must not carry a user name or password: share the album by its link instead.";
  // An owner's link pasted by mistake would hand the client the owner's power (every owner address is under /owner, mail/letter.server.ts).
  if (isOwnerPath(url.pathname)) return "That is one of your own owner links, not the gallery's address.";
  return null;
}
