/** What each add-on is, in a line, for the booking and quote forms (prices live in app/pricing.ts). */
import type { AddOnId } from "~/pricing";

export const addOnDescriptions: Record<AddOnId, string> = {
  "audio-guest-book": "A vintage phone your guests pick up to leave a spoken message; you get every recording.",
  "guest-book": "A hardcover album beside the booth, where guests stick in a print and write a note.",
  usb: "Every photo and GIF from the night on a USB stick, posted after the event.",
  "online-gallery": "A private web gallery of every photo, to share with your guests and download from.",
};

export const extraHoursDescription = "Keep the booth and its attendant longer than the package, charged per hour.";

export const backdropChoiceDescription = "Black and White come with every booking; the themed backdrops cost extra.";
