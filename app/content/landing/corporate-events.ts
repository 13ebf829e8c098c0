import { policy } from "~/business";
import { areasServed, freeDeliveryFeature, illustration, pricedBlurb, quotedBlurb, spaceFaq } from "./shared";
import type { LandingPageData } from "./types";

export const corporateEvents: LandingPageData = {
  path: "/corporate-events",
  title: "Corporate Event Photo Booth Hire",
  description:
    "Corporate photo booth hire in Melbourne: branded templates, data capture of guests' emails, instant sharing and unlimited prints for launches and galas.",
  keywords: [
    "corporate photo booth hire",
    "corporate event photo booth Melbourne",
    "branded photo booth",
    "photo booth data capture",
    "brand activation photo booth",
    "conference photo booth",
  ],
  breadcrumb: "Corporate Events",
  serviceName: "Corporate event photo booth hire",
  eyebrow: "Corporate events",
  headline: "A branded photo booth that works as hard as your event",
  intro: [
    "Product launches in Docklands, end-of-financial-year drinks in Truganina, conference dinners in Geelong: our corporate photo booth puts your brand into every guest's camera roll. Each print and digital copy carries your logo, and with data capture you leave with a list of people who asked to hear from you.",
    "We arrive early, work to your run sheet, and pack down quietly once the room has cleared.",
  ],
  actions: [
    { label: "Get a corporate quote", to: "/quickquote" },
    { label: "Book a booth", to: "/booking" },
  ],
  illustrations: [
    illustration("corporate-events-1", "Two colleagues wearing lanyards posing in front of a logo backdrop beside a photo booth"),
    illustration("corporate-events-2", "A sign-up screen on a stand collecting guests' emails, with envelopes flying out"),
    illustration("corporate-events-3", "Branded postcard prints, a photo strip and a phone showing a shared photo on a table"),
    illustration("corporate-events-4", "Guests in evening wear celebrating at a gala dinner under a mirror ball"),
  ],
  galleryHeading: "Launches, conferences and galas",
  features: {
    heading: "Built for brands",
    items: [
      {
        title: "Branded templates",
        text: "Your logo, colours and campaign hashtag on every print, GIF and digital copy, designed by us and approved by you.",
      },
      {
        title: "Data capture",
        text: "Guests enter their email to receive their photos, with an opt-in for your follow-up, and you receive the list of collected emails after the event.",
      },
      {
        title: "Step-and-repeat and custom backdrops",
        text: "Bring your media wall or let us supply a custom backdrop that looks good in every shot.",
      },
      {
        title: "Instant sharing",
        text: "Photos go straight to guests' phones while they're still at the booth, ready to post, plus USB or digital copies of the lot for your marketing team.",
      },
      {
        title: "Unlimited prints",
        text: "No counting, no caps: every guest takes home a branded print that sits on their desk long after the event.",
      },
      freeDeliveryFeature,
    ],
  },
  packages: {
    heading: "Corporate packages",
    intro: "Three ways to run the booth, each with an attendant, branded templates, props and unlimited prints.",
    items: [
      pricedBlurb("Business Socials", "Two hours for after-work drinks, team celebrations and client evenings.", "open-enclosed", [2]),
      pricedBlurb("Launch and Activation", "Half a day of branded photos and data capture for a product launch, store opening or pop-up.", "open-enclosed", [4, 5], "Half day"),
      quotedBlurb("Conference and Gala", "Full day", "From registration to the last speech and on into the gala dinner, quoted to fit your run sheet."),
    ],
  },
  faqs: [
    {
      question: "How does data capture work?",
      answer: "Before guests receive their photos, the booth's screen asks for an email address and the opt-ins you choose. After the event you get the list of collected emails, and we keep the data only as long as our privacy policy says.",
    },
    {
      question: "Can every photo carry our branding?",
      answer: "Yes. We design a branded template for the prints and the digital copies, send it for approval, and can match your event's colours and hashtag.",
    },
    spaceFaq,
  ],
  areas: areasServed(
    `We work at offices, hotels and venues across Melbourne, from the CBD and Docklands to business parks in Truganina, Laverton and Geelong. Delivery is free within ${policy.freeDeliveryKm} km.`,
  ),
  closing: {
    heading: "Put your brand in the picture",
    text: "Send us the date, venue and what you'd like the booth to achieve, and we'll come back with a quote and a template idea.",
  },
};
