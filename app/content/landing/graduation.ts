import { policy } from "~/business";
import { allLengths, areasServed, freeDeliveryFeature, illustration, pricedBlurb, spaceFaq } from "./shared";
import type { LandingPageData } from "./types";

export const graduation: LandingPageData = {
  path: "/graduation",
  title: "Graduation Photo Booth Hire",
  description:
    "Photo booth hire for graduations, school formals and uni balls in Melbourne's west: a Working with Children Check attendant, unlimited prints and instant sharing.",
  keywords: [
    "graduation photo booth hire",
    "school formal photo booth",
    "uni ball photo booth Melbourne",
    "valedictory dinner photo booth",
    "Year 12 formal photo booth Werribee",
  ],
  breadcrumb: "Graduation",
  serviceName: "Graduation, school formal and uni ball photo booth hire",
  eyebrow: "Graduations, school formals and uni balls",
  headline: "Photo booths for the night they've worked towards",
  intro: [
    "Year 12 formals in Werribee, valedictory dinners in Point Cook, uni balls in the city: these are the nights students talk about for years. Our booth gives every friendship group a photo to take home, caps thrown and all.",
    "Schools and student committees like that our attendants hold a Working with Children Check, turn up early, and keep the queue moving so nobody misses the dance floor.",
  ],
  actions: [
    { label: "Book your graduation booth", to: "/booking" },
    { label: "Get a quick quote", to: "/quickquote" },
  ],
  illustrations: [
    illustration("graduation-1", "Two graduates in caps and gowns beside a photo booth as mortarboards fly overhead"),
    illustration("graduation-2", "A couple dressed for a school formal posing in front of a sparkling sequin backdrop"),
    illustration("graduation-3", "A rolled diploma, a mortarboard, a USB stick and photo prints on a table"),
    illustration("graduation-4", "Four friends in formal wear at a uni ball under a mirror ball"),
  ],
  galleryHeading: "Caps, gowns and formal wear",
  features: {
    heading: "Made for schools and student committees",
    items: [
      {
        title: "Working with Children Check",
        text: "Every attendant holds a current Working with Children Check, and is friendly, punctual and dressed for the occasion.",
      },
      {
        title: "Graduation backdrop and props",
        text: "Our graduation backdrop, caps, scrolls and signs, or a custom backdrop in your school or college colours.",
      },
      {
        title: "Unlimited prints",
        text: "Every student leaves with as many prints as they like, with the school name and year on the template.",
      },
      {
        title: "Glam Booth for formals",
        text: "Black-and-white portraits with a soft, flattering filter and postcard-size prints that suit a formal outfit.",
      },
      {
        title: "Instant sharing and a gallery for the school",
        text: "Students send photos to their phones on the night, and the school receives every photo on USB or as digital copies.",
      },
      freeDeliveryFeature,
    ],
  },
  packages: {
    heading: "Graduation and formal packages",
    intro: "Every package includes setup, an attendant with a Working with Children Check, props and unlimited prints.",
    items: [
      pricedBlurb("Graduation ceremony", "Two hours around the ceremony and the photos after, when families are all together.", "open-enclosed", [2]),
      pricedBlurb("Formal or ball", "Three to four hours covering arrivals, dinner and the dance floor.", "open-enclosed", [3, 4]),
      pricedBlurb("Glam Booth", "Red-carpet portraits in black and white, with postcard prints to frame.", "glam", allLengths),
    ],
  },
  faqs: [
    {
      question: "Does your attendant hold a Working with Children Check?",
      answer: "Yes. Every attendant holds a current Working with Children Check, and we're happy to send a copy to your school before the event.",
    },
    {
      question: "Can the school get all the photos afterwards?",
      answer: "Yes. We hand over every photo on USB or as digital copies, ready for the yearbook or the school newsletter.",
    },
    spaceFaq,
  ],
  areas: areasServed(
    `We work with schools, colleges and function venues across Melbourne's west, from Werribee and Point Cook to Melton, Sunshine and Geelong. Delivery is free within ${policy.freeDeliveryKm} km.`,
  ),
  closing: {
    heading: "Give the class of this year a night to remember",
    text: "Choose your date and booth and we'll take care of the rest, from setup to the last print.",
  },
};
