/** What a visitor reads when the booth they chose is taken (or blocked) on their date. */
import { business } from "~/business";
import { freeTypes, type BoothCounts } from "~/bookings/holds/fleet";
import type { BoothType } from "~/pricing";
import { formatDateInWords } from "~/utils/date-words";

function listed(types: readonly string[]): string {
  const named = types.map((type) => `the ${type}`);
  return named.length > 1 ? `${named.slice(0, -1).join(", ")} and ${named.at(-1)}` : (named[0] ?? "");
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "The Glam Booth is already booked on Saturday 19 December 2026. The Open Booth and the Enclosed Booth are still free that day." */
export function bookedOutMessage(eventDate: string, boothType: BoothType, free: BoothCounts): string {
  const taken = `The ${boothType} is already booked on ${formatDateInWords(eventDate)}.`;
  const others = freeTypes(free).filter((type) => type !== boothType);
  if (others.length === 0) return `${taken} Every booth is booked that day: please choose another date or call us on ${business.phone.display}.`;
  return `${taken} ${capitalised(listed(others))} ${others.length > 1 ? "are" : "is"} still free that day.`;
}
