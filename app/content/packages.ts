import { business, policy } from "~/business";
import { formatAud, listPackages, type ListPackage, type PackageLine } from "~/pricing";

export interface PackageCard {
  id: string;
  line: PackageLine;
  hours: number;
  price: number;
  priceLabel: string;
  features: string[];
}

export const packageLines: { line: PackageLine; title: string; intro: string }[] = [
  {
    line: "open-enclosed",
    title: "Open and Enclosed Booths",
    intro: "The same prices for either booth: open for big group shots, enclosed for a cosy, private booth.",
  },
  {
    line: "glam",
    title: "Glam Booth",
    intro: "Black-and-white portraits with a soft, AI-style beauty filter and postcard-size prints.",
  },
];

const baseFeatures: Record<PackageLine, string[]> = {
  "open-enclosed": [
    "Unlimited prints, photos, GIFs and boomerangs",
    "Props and your choice of backdrop",
    "Attendant with a Working with Children Check",
    "Digital copies and instant sharing",
  ],
  glam: [
    "Unlimited black-and-white postcard prints",
    "AI-style beauty filter and studio flash",
    "Attendant with a Working with Children Check",
    "Digital copies and instant sharing",
  ],
};

/** Longer bookings add these, from the given number of hours up. */
const extrasFromHours: { hours: number; feature: string }[] = [
  { hours: 3, feature: "Extra copy of every print for you" },
  { hours: 3, feature: "Online gallery for your guests" },
  { hours: 4, feature: "Choice of a male or female attendant" },
  { hours: 5, feature: "Traditional guest book with a print of every session" },
];

const delivery = `Free delivery within ${policy.freeDeliveryKm} km of ${business.address.suburb}`;

export function packageCard(item: ListPackage): PackageCard {
  return {
    ...item,
    priceLabel: formatAud(item.price),
    features: [
      ...baseFeatures[item.line],
      ...extrasFromHours.filter((extra) => item.hours >= extra.hours).map((extra) => extra.feature),
      delivery,
    ],
  };
}

export function packageCards(line: PackageLine): PackageCard[] {
  return listPackages.filter((item) => item.line === line).map(packageCard);
}

export const corporatePackages = [
  { title: "Business Socials", length: "2 hours", text: "Team drinks and client evenings: a branded print and a relaxed start to the night." },
  { title: "Launch and Activation", length: "Half day", text: "Product launches and brand activations, with e-mail capture and instant sharing." },
  { title: "Conference and Gala", length: "Full day", text: "Expos, conferences and awards nights, with attendants for the whole program." },
];
