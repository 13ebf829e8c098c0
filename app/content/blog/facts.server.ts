import { business } from "~/business";
import { formatAud, cheapestListPackage, threeHourPriceRanges, type PackageLine } from "~/pricing";

/** Every post is signed by the business; the name follows business.ts. */
export const blogAuthor = `The ${business.name} team`;

function fromPrice(line: PackageLine): string {
  const cheapest = cheapestListPackage(line);
  return `from ${formatAud(cheapest.price)} for ${cheapest.hours} hours`;
}

function threeHourRange(line: PackageLine): string {
  const { min, max } = threeHourPriceRanges[line];
  return `${formatAud(min)}–${formatAud(max)} for 3 hours`;
}

/** The price claims the posts may make (docs/product-spec.md, section 9), worded once from pricing.ts. */
export const priceClaims = {
  standardFrom: fromPrice("open-enclosed"),
  glamFrom: fromPrice("glam"),
  standardThreeHours: threeHourRange("open-enclosed"),
  glamThreeHours: threeHourRange("glam"),
};
