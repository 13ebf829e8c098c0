import { policy } from "~/business";
import { weddingOfferPriceAud } from "~/pricing";
import { allLengths, areasServed, freeDeliveryFeature, illustration, pricedBlurb, spaceFaq } from "./shared";
import type { LandingPageData } from "./types";

export const weddings: LandingPageData = {
  path: "/weddings",
  title: "Wedding Photo Booth Hire",
  description:
    "Wedding photo booth hire in Melbourne's west and Geelong: unlimited prints, floral or custom backdrops, a friendly attendant and every photo for the two of you.",
  keywords: [
    "wedding photo booth hire",
    "wedding photo booth Melbourne",
    "wedding photo booth Werribee",
    "Geelong wedding photo booth",
    "glam photo booth wedding",
    "photo booth guest book",
  ],
  breadcrumb: "Weddings",
  serviceName: "Wedding photo booth hire",
  offerPrice: weddingOfferPriceAud,
  eyebrow: "Weddings in Melbourne's west",
  headline: "A wedding photo booth your guests will queue for",
  intro: [
    "From a winery lunch in Werribee South to a long-table reception in Geelong, our booth turns the in-between moments of your wedding into keepsakes. Guests step up, grab a prop and walk away with a print in seconds, and you get every single shot afterwards.",
    "We set up before the first guest arrives, match the backdrop and print design to your colours, and look after the booth all night, so it's one thing you never have to think about.",
  ],
  actions: [{ label: "Book your wedding booth", to: "/booking" }],
  illustrations: [
    illustration("weddings-1", "A bride and groom under a flower-covered arch beside a photo booth"),
    illustration("weddings-2", "Three wedding guests posing with lips and heart props in front of a sequin backdrop"),
    illustration("weddings-3", "Photo strips, a postcard print and wedding rings laid out on the guest book table"),
    illustration("weddings-4", "Two champagne flutes raised in a toast under gold bunting as guests celebrate"),
  ],
  galleryHeading: "Little moments, kept forever",
  features: {
    heading: "What your wedding booth includes",
    items: [
      {
        title: "Unlimited prints",
        text: "Every guest can print as many strips as they like: one for the fridge, one for the guest book and one for Nan.",
      },
      {
        title: "Floral and custom backdrops",
        text: "Pick a floral wall, classic black or white, or a backdrop made to suit your styling and venue.",
      },
      {
        title: "Your names on every print",
        text: "We design the print template around your names, date and colours, and send a proof before the big day.",
      },
      {
        title: "Props and a friendly attendant",
        text: "A basket of tasteful props and an attendant who holds a Working with Children Check, so the flower girls are in good hands too.",
      },
      {
        title: "Every photo, for the two of you",
        text: "All your photos on USB or as digital copies after the day, and guests can send their shots straight to their phones.",
      },
      freeDeliveryFeature,
    ],
  },
  packages: {
    heading: "Wedding packages",
    intro: "Most couples run the booth from the end of photos to the last dance. Every package includes setup, an attendant, props and unlimited prints.",
    items: [
      pricedBlurb("Cocktail hour", "Two hours over canapés and speeches, lovely for smaller receptions and elopement parties.", "open-enclosed", [2]),
      pricedBlurb("Reception", "From the grand entrance through to the first dance and beyond, with time for every table to have a go.", "open-enclosed", [3, 4]),
      pricedBlurb("Glam Booth", "Black-and-white portraits with a soft, flattering filter and postcard-size prints for a timeless look.", "glam", allLengths),
      pricedBlurb("Full event", "First guests to the last song. Longer packages add extras such as an online gallery and a traditional guest book.", "open-enclosed", [5]),
    ],
  },
  faqs: [
    {
      question: "Can the prints match our wedding stationery?",
      answer: "Yes. We design the print template with your names, date and colours, and send you a proof to approve before the wedding.",
    },
    {
      question: "Will we get a copy of every photo?",
      answer: "Yes. You receive every photo from the night on USB or as digital copies, and guests can share their own shots to their phones at the booth.",
    },
    spaceFaq,
  ],
  areas: areasServed(
    `We bring the booth to receptions across Melbourne's west and beyond, from Point Cook and Werribee to Geelong's waterfront and the city. Delivery is free within ${policy.freeDeliveryKm} km.`,
  ),
  closing: {
    heading: "Let's save your date",
    text: "Tell us your date and venue and we'll hold the booth for you. Booking takes a couple of minutes and we confirm by e-mail.",
  },
};
