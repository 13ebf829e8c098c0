/** One sentence about travel to a venue, the same on the booking form, the invoice and the owner's e-mails. */
import { travel as rules } from "~/business";
import { formatAud } from "~/pricing";
import type { Travel } from "./fees";

export const travelToBeConfirmed = "Travel to be confirmed: we could not find the suburb in the event location, so we will confirm any travel fee with you.";

export function describeTravel(travel: Travel | null): string {
  if (!travel) return travelToBeConfirmed;
  const where = `${travel.locality} ${travel.postcode} is ${travel.distanceKm} km from ${rules.base.locality}`;
  if (!travel.bookable) return `${where}: beyond the ${rules.onlineLimitKm} km we book online. Please ask for a quote and we will price the travel.`;
  if (travel.freeDelivery) return `${where}: free delivery.`;
  return `${where}: travel ${formatAud(travel.travelFee)} (${travel.distanceKm - rules.freeWithinKm} km beyond ${rules.freeWithinKm} km at ${formatAud(rules.dollarsPerKmBeyond)} per km).`;
}
