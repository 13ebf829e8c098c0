import { policy } from "~/business";
import type { MediaKey, videos } from "~/media";
import type { PackageLine } from "~/pricing";

export interface Booth {
  path: "/open-booth" | "/glam-booth" | "/enclosed-booth";
  name: string;
  summary: string;
  description: string[];
  highlights: string[];
  image: MediaKey;
  video?: keyof typeof videos;
  /** Which list prices apply to this booth. */
  line: PackageLine;
}

/** The kit every booth shares. */
export const equipment = [
  { name: "Tablet computer", text: "A touch screen that counts guests down, shows each shot and sends copies to their phones." },
  { name: "Mirrorless camera", text: "A full-size mirrorless camera for sharp, true-to-life photos, even in dim function rooms." },
  { name: "Flash lighting", text: "Studio flash that flatters every face and freezes the moment, confetti and all." },
];

export const booths: Booth[] = [
  {
    path: "/open-booth",
    name: "Open Booth",
    summary: "An open-air setup that fits the whole crew, the bridal party or the entire office in one frame.",
    description: [
      "The open booth is a camera, a light and a backdrop, with no walls around it. That makes it our most popular choice for big groups: everyone can crowd in, and the people waiting in line can watch the fun.",
      `It suits halls, marquees and function rooms with room to spare; we recommend at least ${policy.recommendedSpace}.`,
    ],
    highlights: ["Fits large groups", "Any of our four backdrops", "Unlimited prints, GIFs and boomerangs"],
    image: "boothOpen",
    video: "boothOpen",
    line: "open-enclosed",
  },
  {
    path: "/glam-booth",
    name: "Glam Booth",
    summary: "Black-and-white portraits with a soft, AI-style beauty filter, printed as postcards.",
    description: [
      "The glam booth is inspired by old Hollywood studio portraits. Guests pose against a dark backdrop, the flash sculpts their features, and a black-and-white AI-style filter smooths skin and adds a timeless glow.",
      "Every photo prints as a postcard-size portrait on thick card: the sort of keepsake that ends up framed rather than lost in a handbag.",
    ],
    highlights: ["Black-and-white AI-style beauty filter", "Postcard-size prints", "Perfect for galas, weddings and milestone birthdays"],
    image: "boothGlam",
    line: "glam",
  },
  {
    path: "/enclosed-booth",
    name: "Enclosed Booth",
    summary: `A classic curtained booth that fits ${policy.enclosedBoothCapacity}, for a little privacy and a lot of silliness.`,
    description: [
      `Step behind the curtain and the party changes: guests relax, pull faces and try every prop. The enclosed booth fits about ${policy.enclosedBoothCapacity} comfortably.`,
      "It keeps the flash inside, which suits venues where the lights are low and the dance floor is close by.",
    ],
    highlights: [`Fits ${policy.enclosedBoothCapacity}`, "Private and cosy", "Unlimited prints, GIFs and boomerangs"],
    image: "boothEnclosed",
    video: "boothEnclosed",
    line: "open-enclosed",
  },
];

export function boothAt(path: Booth["path"]): Booth {
  const booth = booths.find((item) => item.path === path);
  if (!booth) throw new Error(`No booth at ${path}`);
  return booth;
}
