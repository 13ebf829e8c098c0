import { business, policy } from "~/business";
import { allLengths, areasServed, freeDeliveryFeature, illustration, pricedBlurb, spaceFaq } from "./shared";
import type { LandingPageData } from "./types";

export const photoBoothHireMelbourne: LandingPageData = {
  path: "/photoboothhiremelbourne",
  title: "Photo Booth Hire Melbourne",
  description:
    `Photo booth hire in Melbourne from Tarneit: open, glam and enclosed booths with unlimited prints, props, custom backdrops and free delivery within ${policy.freeDeliveryKm} km.`,
  keywords: [
    "photo booth hire Melbourne",
    "photo booth hire western suburbs",
    "photo booth hire Werribee",
    "photo booth hire Geelong",
    "photo booth hire Point Cook",
    "open photo booth",
    "enclosed photo booth",
  ],
  breadcrumb: "Photo Booth Hire Melbourne",
  serviceName: "Photo booth hire in Melbourne",
  eyebrow: "Photo booth hire Melbourne",
  headline: "Photo booth hire in Melbourne, from Tarneit to the city",
  intro: [
    `${business.name} is a local photo booth hire business based in ${business.address.suburb}. We bring open, glam and enclosed booths to weddings, birthdays, work functions and school events across Melbourne's west, Geelong and the city.`,
    "Every hire comes with an attendant, a trunk of props, a backdrop and unlimited prints, so your guests stop scrolling their phones and start making memories.",
  ],
  actions: [
    { label: "Get a quick quote", to: "/quickquote" },
    { label: "Book a photo booth", to: "/booking" },
  ],
  illustrations: [
    illustration("photoboothhiremelbourne-1", "A photo booth and two posing guests in front of a Melbourne city skyline"),
    illustration("photoboothhiremelbourne-2", "Three booths side by side: an open booth, a curtained enclosed booth and a white glam booth"),
    illustration("photoboothhiremelbourne-3", "A photo strip, a postcard print, a USB stick and a phone sharing a photo"),
    illustration("photoboothhiremelbourne-4", "A delivery van driving along a winding road between map pins"),
  ],
  galleryHeading: "Booths, prints and delivery",
  features: {
    heading: "Why Melbourne hires our booths",
    items: [
      {
        title: "Three booths to choose from",
        text: `The Open Booth for big groups, the black-and-white Glam Booth, and the Enclosed Booth that fits about ${policy.enclosedBoothCapacity}.`,
      },
      {
        title: "Unlimited prints",
        text: "Prints in seconds, as many as your guests like, on a template designed for your event.",
      },
      {
        title: "Props and custom backdrops",
        text: "A trunk of props and a choice of backdrops, from black, white and floral to one made just for you.",
      },
      {
        title: "A checked, friendly attendant",
        text: "Every attendant holds a Working with Children Check and looks after the booth from setup to pack-down.",
      },
      {
        title: "USB, digital copies and instant sharing",
        text: "Guests send photos to their phones on the spot, and you receive every photo on USB or as digital copies.",
      },
      freeDeliveryFeature,
    ],
  },
  related: {
    heading: "Photo booths for every occasion",
    intro: "See how we set up for the events we're booked for most.",
    pages: [
      { to: "/weddings", title: "Wedding photo booths", text: "Floral backdrops, your names on every print and a booth that runs until the last dance." },
      { to: "/birthday", title: "Birthday photo booths", text: "From first birthdays to 50ths, with props for every age and a checked attendant." },
      { to: "/corporate-events", title: "Corporate event photo booths", text: "Branded templates, data capture and instant sharing for launches and galas." },
    ],
  },
  packages: {
    heading: "Packages at a glance",
    intro: "Every package includes delivery within our free zone, setup, an attendant, props and unlimited prints.",
    items: [
      pricedBlurb("Open or Enclosed Booth", "Our most popular booths, from a two-hour party to a five-hour celebration.", "open-enclosed", allLengths),
      pricedBlurb("Glam Booth", "Black-and-white portraits with a soft, flattering filter and postcard-size prints.", "glam", allLengths),
      pricedBlurb("Full event", "Five hours of booth time. Longer packages add extras such as an online gallery and a traditional guest book.", "open-enclosed", [5]),
    ],
  },
  faqs: [
    {
      question: "How far do you travel?",
      answer: `We cover about ${policy.serviceRadiusKm} km around ${policy.serviceRadiusCentre}, including the Melbourne CBD and Geelong. Delivery is free within ${policy.freeDeliveryKm} km and there are no travel fees in the Melbourne metro.`,
    },
    {
      question: "Which booth should I choose?",
      answer: `The Open Booth suits big groups and dance floors, the Enclosed Booth gives ${policy.enclosedBoothCapacity} a little privacy, and the Glam Booth makes elegant black-and-white portraits.`,
    },
    spaceFaq,
  ],
  areas: areasServed(
    `Based in ${business.address.suburb}, we cover Melbourne's west and south-west, from Werribee and Point Cook to Grovedale and Geelong, and right into the city. Delivery is free within ${policy.freeDeliveryKm} km.`,
  ),
  closing: {
    heading: "Ready to hire a photo booth in Melbourne?",
    text: "Tell us about your event for a quick quote, or go straight to booking if you know what you need.",
  },
};
