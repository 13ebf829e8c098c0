import { policy } from "~/business";
import { allLengths, areasServed, freeDeliveryFeature, illustration, pricedBlurb, spaceFaq } from "./shared";
import type { LandingPageData } from "./types";

export const christmas: LandingPageData = {
  path: "/christmas",
  title: "Christmas Party Photo Booth Hire",
  description:
    "Christmas and end-of-year party photo booth hire in Werribee, Point Cook, Tarneit and Geelong: festive props, custom backdrops, unlimited prints and instant sharing.",
  keywords: [
    "Christmas party photo booth hire",
    "end of year party photo booth",
    "work Christmas party Melbourne",
    "Christmas photo booth Werribee",
    "festive photo booth props",
  ],
  breadcrumb: "Christmas",
  serviceName: "Christmas and end-of-year party photo booth hire",
  eyebrow: "Christmas and end-of-year parties",
  headline: "Christmas and end-of-year parties, wrapped up in photos",
  intro: [
    "The office break-up in Werribee, the footy club wind-up in Hoppers Crossing, the big family Christmas in Point Cook: it's the one season when everyone is in the same room. Our booth gets them all into the same photo, Santa hats and reindeer antlers included.",
    "We bring a festive backdrop, a trunk of props and a printer that doesn't stop, so every guest heads home with a keepsake from the year's best party.",
  ],
  actions: [
    { label: "Book your Christmas booth", to: "/booking" },
    { label: "Get a quick quote", to: "/quickquote" },
  ],
  illustrations: [
    illustration("christmas-1", "Two party guests in a Santa hat and reindeer antlers beside a decorated tree and a photo booth"),
    illustration("christmas-2", "Wrapped presents, hanging baubles and a photo strip on a festive red background"),
    illustration("christmas-3", "Three friends in festive hats posing in front of a striped green backdrop"),
    illustration("christmas-4", "Colleagues celebrating an end-of-year party under bunting and paper lanterns"),
  ],
  galleryHeading: "The season's best photos",
  features: {
    heading: "Everything for a merry party",
    items: [
      {
        title: "Festive props",
        text: "Santa hats, antlers, tinsel boas and oversized bauble glasses, cleaned and restocked for every party.",
      },
      {
        title: "Christmas and custom backdrops",
        text: "Choose a shimmering festive wall, or a custom backdrop with your team's or family's name on it.",
      },
      {
        title: "Unlimited prints",
        text: "Prints with a Christmas template, as many as your guests want, ready in seconds.",
      },
      {
        title: "Instant sharing and digital copies",
        text: "Guests send photos to their phones on the spot, and you get every shot on USB or as digital copies after the party.",
      },
      {
        title: "Your logo for the work party",
        text: "Branded templates turn the end-of-year function into a thank-you your staff will keep on their desks.",
      },
      freeDeliveryFeature,
    ],
  },
  packages: {
    heading: "Christmas party packages",
    intro: "December fills up fast. Every package includes setup, an attendant, props and unlimited prints.",
    items: [
      pricedBlurb("Quick celebration", "Two hours for a long lunch, a twilight drinks or a family gathering.", "open-enclosed", [2]),
      pricedBlurb("Party night", "Three to four hours so the whole team gets a turn, from the speeches to the dance floor.", "open-enclosed", [3, 4]),
      pricedBlurb("Glam Booth", "Black-and-white portraits and postcard prints, for a Christmas gala with a touch of old Hollywood.", "glam", allLengths),
    ],
  },
  faqs: [
    {
      question: "How early should we book for December?",
      answer: "Friday and Saturday nights in December go first, often by October. If you have a date, lock it in with a booking; you can always adjust the details later.",
    },
    spaceFaq,
  ],
  areas: areasServed(
    `From function rooms in Werribee and Altona to backyards in Tarneit and offices in the city, we set up wherever your party is. Delivery is free within ${policy.freeDeliveryKm} km.`,
  ),
  closing: {
    heading: "Make it the party everyone remembers",
    text: "Pick your date and booth, and we'll bring the festive cheer. Not sure yet? Ask for a quick quote first.",
  },
};
