/**
 * The owner's promo codes (`npm run promo`): percent or dollars off what the business sells, for
 * events in a date window, weekdays only or not, up to a number of uses, until an expiry date.
 * Pure: whether a code applies to a booking and what it takes off. Uses are counted elsewhere,
 * where races cannot exceed them.
 */
import { formatDateInWords } from "~/utils/date-words";
import { isMondayToThursday } from "./date-rules";

export interface PromoCode {
  /** Upper case, as the owner typed it. */
  code: string;
  /** Percent (1 to 100) or whole dollars off. */
  off: { percent: number } | { dollars: number };
  /** Event dates the code is for, inclusive (`YYYY-MM-DD`); absent: any. */
  from?: string;
  to?: string;
  /** Monday-to-Thursday events only. */
  weekdaysOnly: boolean;
  /** How many bookings may use it; null: no limit. */
  uses: number | null;
  /** The last Melbourne date it can be used on (the day a booking is made); absent: no expiry. */
  expires?: string;
  /** Set when the owner ended it (`npm run promo -- end CODE`). */
  endedAt?: string;
  createdAt: string;
}

/**
 * Why `promo` does not apply to an event on `eventDate` booked on `today`, or null when it does.
 * Uses are not checked here: only the count that cannot be exceeded decides them.
 */
export function promoRefusal(promo: PromoCode | null, eventDate: string, today: string): string | null {
  if (!promo) return "That code is not one we know. Check its spelling, or leave the field empty.";
  if (promo.endedAt || (promo.expires && today > promo.expires)) return `The code ${promo.code} has ended.`;
  if ((promo.from && eventDate < promo.from) || (promo.to && eventDate > promo.to)) {
    const window = [promo.from && `from ${formatDateInWords(promo.from)}`, promo.to && `to ${formatDateInWords(promo.to)}`].filter(Boolean).join(" ");
    return `The code ${promo.code} is for events ${window}.`;
  }
  if (promo.weekdaysOnly && !isMondayToThursday(eventDate)) return `The code ${promo.code} is for events Monday to Thursday.`;
  return null;
}

export function usedUpMessage(code: string): string {
  return `The code ${code} has been used up.`;
}

/** "WINTER10 (10% off)", "SAVE50 ($50 off)": the invoice line's words. */
export function promoLabel(promo: PromoCode): string {
  return `Promo code ${promo.code} (${"percent" in promo.off ? `${promo.off.percent}%` : `$${promo.off.dollars}`} off)`;
}
