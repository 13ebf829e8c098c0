import { policy } from "~/business";
import { allLengths, areasServed, freeDeliveryFeature, illustration, pricedBlurb, spaceFaq } from "./shared";
import type { LandingPageData } from "./types";

export const birthday: LandingPageData = {
  path: "/birthday",
  title: "Birthday Party Photo Booth Hire",
  description:
    "Birthday party photo booth hire in Tarneit, Werribee, Point Cook and Geelong: unlimited prints, props, custom backdrops and a Working with Children Check attendant.",
  keywords: [
    "birthday party photo booth hire",
    "18th birthday photo booth",
    "21st birthday photo booth Melbourne",
    "kids party photo booth",
    "photo booth hire Tarneit",
  ],
  breadcrumb: "Birthdays",
  serviceName: "Birthday party photo booth hire",
  eyebrow: "Birthday parties",
  headline: "Birthday photo booths for milestones and backyard parties",
  intro: [
    "An 18th in Tarneit, a 21st in Wyndham Vale, a surprise 50th in Altona or a first birthday in the backyard: a photo booth gets everyone, from the grandparents to the cousins, into the fun.",
    "We set up a backdrop with the guest of honour's name, lay out the props and stay for the whole party, so you can get on with cutting the cake.",
  ],
  actions: [
    { label: "Get a quick quote", to: "/quickquote" },
    { label: "Book your birthday booth", to: "/booking" },
  ],
  illustrations: [
    illustration("birthday-1", "Two party guests in a party hat and a crown posing with balloons beside a photo booth"),
    illustration("birthday-2", "A two-tier birthday cake with candles between wrapped presents and balloons"),
    illustration("birthday-3", "A props table with a moustache, lips, a star and a heart on sticks, and two photo strips"),
    illustration("birthday-4", "A phone sharing a party photo next to a USB stick and a photo strip, with confetti"),
  ],
  galleryHeading: "Cake, candles and a queue at the booth",
  features: {
    heading: "Why birthdays love our booth",
    items: [
      {
        title: "Unlimited prints",
        text: "Guests print as many strips as they like, with the birthday name and date on every one.",
      },
      {
        title: "Props for every age",
        text: "Crowns, party hats, giant glasses and signs, from toddler-friendly to 21st-ready.",
      },
      {
        title: "An attendant you can trust",
        text: "Our attendants hold a Working with Children Check, so kids' parties and family celebrations are in safe hands.",
      },
      {
        title: "Custom backdrops",
        text: "Sequins, balloons, florals or a backdrop built around the party theme, with the guest of honour's name.",
      },
      {
        title: "Instant sharing and digital copies",
        text: "Photos land on guests' phones straight away, and you get the full set on USB or as digital copies.",
      },
      freeDeliveryFeature,
    ],
  },
  packages: {
    heading: "Birthday packages",
    intro: "Every package includes setup, an attendant, props and unlimited prints.",
    items: [
      pricedBlurb("Party starter", "Two hours, perfect for a kids' party or an afternoon celebration.", "open-enclosed", [2]),
      pricedBlurb("Milestone night", "Three to four hours for 18ths, 21sts, 30ths and 50ths, from arrivals to the speeches.", "open-enclosed", [3, 4]),
      pricedBlurb("Glam Booth", "Black-and-white portraits with a soft filter and postcard prints, made for a glamorous milestone.", "glam", allLengths),
    ],
  },
  faqs: [
    {
      question: "Is the booth suitable for a kids' party?",
      answer: "Absolutely. Our attendants hold a Working with Children Check, the props are kid-friendly, and the booth is simple enough for little ones to use with a grown-up.",
    },
    spaceFaq,
  ],
  areas: areasServed(
    `Backyards, halls and function rooms from Tarneit and Truganina to Caroline Springs, Footscray and Geelong. Delivery is free within ${policy.freeDeliveryKm} km.`,
  ),
  closing: {
    heading: "Let's make some birthday memories",
    text: "Tell us the date and the guest of honour, and we'll send a quote or hold the booth for you.",
  },
};
