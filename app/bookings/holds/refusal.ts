/** What a visitor reads when the booth, add-on or backdrop they chose is taken (or blocked) on their date. */
import { business } from "~/business";
import { freeTypes, type BoothCounts } from "~/bookings/holds/fleet";
import { stockItemName, type StockItem } from "~/prices/extras";
import type { BoothType } from "~/pricing";
import { formatDateInWords } from "~/utils/date-words";

/** "the Open Booth, the Glam Booth and the Enclosed Booth" */
function listed(names: readonly string[]): string {
  const named = names.map((name) => `the ${name}`);
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

/** "the Floral backdrop", "the audio guest book": an item's name inside a sentence. */
function itemInSentence(item: StockItem): string {
  const name = stockItemName(item);
  return item.startsWith("backdrop:") ? name : name.charAt(0).toLowerCase() + name.slice(1);
}

/** "The Floral backdrop is already booked on Saturday 13 March 2027: please choose another backdrop or another date." */
export function itemsGoneMessage(eventDate: string, gone: readonly StockItem[]): string {
  const addOnsGone = gone.filter((item) => !item.startsWith("backdrop:")).length;
  const instead = [addOnsGone ? `leave ${addOnsGone > 1 ? "them" : "it"} out` : "", gone.length > addOnsGone ? "choose another backdrop" : ""].filter(Boolean).join(", ");
  return `${capitalised(listed(gone.map(itemInSentence)))} ${gone.length > 1 ? "are" : "is"} already booked on ${formatDateInWords(eventDate)}: please ${instead} or choose another date.`;
}

/** Why a hold was refused: the booth when it is taken, and the items that are gone. */
export function holdRefusal(eventDate: string, boothType: BoothType, { free, gone }: { free: BoothCounts; gone: readonly StockItem[] }): string {
  const reasons = [free[boothType] < 1 ? bookedOutMessage(eventDate, boothType, free) : "", gone.length ? itemsGoneMessage(eventDate, gone) : ""];
  return reasons.filter(Boolean).join(" ");
}
