import { business, policy, serviceAreas } from "~/business";
import { fromListPrice, type PackageLine } from "~/pricing";
import type { Illustration, LandingFaq, LandingFeature, LandingPageData, PackageBlurb } from "./types";

/** Every landing illustration is drawn on the same 4:3 canvas. */
export function illustration(name: string, alt: string): Illustration {
  return { src: `/images/landing/${name}.svg`, alt, width: 800, height: 600 };
}

export function hoursLabel(hours: readonly number[]): string {
  const low = Math.min(...hours);
  const high = Math.max(...hours);
  return low === high ? `${low} hours` : `${low}–${high} hours`;
}

/** A package blurb priced from the /packages list prices for the given lengths. */
export function pricedBlurb(
  name: string,
  text: string,
  line: PackageLine,
  hours: readonly number[],
  durationName?: string,
): PackageBlurb {
  const duration = durationName ? `${durationName} (${hoursLabel(hours)})` : hoursLabel(hours);
  return { name, duration, text, pricing: { line, hours, from: fromListPrice(line, hours) } };
}

/** A package longer than the price list covers, so it is quoted to order. */
export function quotedBlurb(name: string, duration: string, text: string): PackageBlurb {
  return { name, duration, text, pricing: null };
}

/** Every length of a package line, for blurbs that quote the line's lowest price. */
export const allLengths = [2, 3, 4, 5] as const;

export const freeDeliveryFeature: LandingFeature = {
  title: `Free delivery within ${policy.freeDeliveryKm} km`,
  text: `We're based in ${business.address.suburb}, so delivery, setup and pack-down are free within ${policy.freeDeliveryKm} km, and there are no travel fees across the Melbourne metro.`,
};

export const spaceFaq: LandingFaq = {
  question: "How much room does the booth need?",
  answer: `We recommend at least ${policy.recommendedSpace} of flat, dry floor with a power point within ${policy.powerWithinMetres} metres. Tight on room? Tell us the space you have and we'll make it work, down to ${policy.minimumSpace}.`,
};

/** The service-area block: a page-specific sentence over the full list of areas. */
export function areasServed(intro: string): LandingPageData["areas"] {
  return { heading: "Where we set up", intro, names: serviceAreas };
}
