import { policy } from "~/business";
import { allLengths, areasServed, freeDeliveryFeature, illustration, pricedBlurb, spaceFaq } from "./shared";
import type { LandingPageData } from "./types";

export const halloween: LandingPageData = {
  path: "/halloween",
  title: "Halloween Photo Booth Hire",
  description:
    "Halloween photo booth hire in Melbourne's west: spooky props and backdrops, black-and-white horror portraits, unlimited prints and instant sharing for costume parties.",
  keywords: [
    "Halloween photo booth hire",
    "Halloween party Melbourne",
    "costume party photo booth",
    "spooky photo booth props",
    "Halloween photo booth Point Cook",
  ],
  breadcrumb: "Halloween",
  serviceName: "Halloween party photo booth hire",
  eyebrow: "Halloween parties",
  headline: "A Halloween photo booth with just the right amount of fright",
  intro: [
    "Costume parties in Caroline Springs, haunted office parties in the city, trick-or-treat street parties in Williams Landing: you've spent weeks on the costume, so make sure it's captured properly.",
    "We bring a spooky backdrop, a trunk of witch hats, masks and bats on sticks, and a printer ready for a long night of ghouls.",
  ],
  actions: [
    { label: "Get a quick quote", to: "/quickquote" },
    { label: "Book your Halloween booth", to: "/booking" },
  ],
  illustrations: [
    illustration("halloween-1", "A photo booth silhouetted against a full moon, with bats overhead and carved pumpkins"),
    illustration("halloween-2", "A witch, a ghost and a masked guest posing at a Halloween party"),
    illustration("halloween-3", "A guest in a witch hat in front of a cobweb backdrop with dangling spiders and pumpkins"),
    illustration("halloween-4", "A jack-o'-lantern, wrapped lollies and spooky photo prints on a table"),
  ],
  galleryHeading: "Ghouls, witches and the odd friendly ghost",
  features: {
    heading: "Frightfully good fun",
    items: [
      {
        title: "Spooky props",
        text: "Witch hats, masks, bats, skulls and speech bubbles, for the guests who forgot their costume.",
      },
      {
        title: "Haunted and custom backdrops",
        text: "A cobweb wall, a moonlit graveyard or a custom backdrop to match your party's theme.",
      },
      {
        title: "Black-and-white horror look",
        text: "The Glam Booth's black-and-white filter turns every guest into a classic movie monster.",
      },
      {
        title: "Unlimited prints",
        text: "A Halloween print template and as many prints as your guests can carry home with their lollies.",
      },
      {
        title: "Instant sharing",
        text: "Photos go straight to guests' phones, and you get every shot on USB or as digital copies afterwards.",
      },
      freeDeliveryFeature,
    ],
  },
  packages: {
    heading: "Halloween packages",
    intro: "Every package includes setup, an attendant, spooky props and unlimited prints.",
    items: [
      pricedBlurb("Trick or treat", "Two hours for a family party or a street celebration.", "open-enclosed", [2]),
      pricedBlurb("Monster mash", "Three to four hours for a costume party that runs late.", "open-enclosed", [3, 4]),
      pricedBlurb("Glam Booth", "Black-and-white horror portraits with postcard-size prints.", "glam", allLengths),
    ],
  },
  faqs: [
    {
      question: "Can we get a black-and-white horror look?",
      answer: "Yes. Our Glam Booth shoots in black and white with a soft filter, which suits a classic monster costume perfectly.",
    },
    spaceFaq,
  ],
  areas: areasServed(
    `From Point Cook and Williams Landing to Melton, Sunshine and Geelong, we'll haunt any venue or backyard in the west. Delivery is free within ${policy.freeDeliveryKm} km.`,
  ),
  closing: {
    heading: "Book your booth before the witching hour",
    text: "The last weekend of October books out early. Grab a quick quote or lock in your date now.",
  },
};
