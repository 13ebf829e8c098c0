import { business, policy, serviceAreas } from "~/business";
import type { MediaKey } from "~/media";

export interface Faq {
  question: string;
  answer: string;
}

export interface Testimonial {
  quote: string;
  name: string;
  event: string;
}

export const heroCopy = {
  heading: "Photo booth hire for Melbourne's west",
  lead: `From a backyard 40th in ${business.address.suburb} to a gala in the city, we bring the booth, the props and the laughs. You keep every photo.`,
};

export const homeCards: { to: string; title: string; text: string; image: MediaKey }[] = [
  {
    to: "/events",
    title: "Events we love",
    text: "Weddings, birthdays, work functions, open days and graduations, each with its own set of extras.",
    image: "eventWedding",
  },
  {
    to: "/packages",
    title: "Packages and prices",
    text: "Clear prices from two to five hours, for the open, enclosed and glam booths.",
    image: "boothOpen",
  },
];

export const highlights = [
  "Unlimited prints, props and a custom backdrop at every booking",
  "A friendly attendant who holds a Working with Children Check",
  "Digital copies on USB or online, plus instant sharing on the night",
  "Print templates branded with your names, logo or theme",
  "Data capture for corporate events: collect guests' e-mails with their consent",
  `Free delivery within ${policy.freeDeliveryKm} km of ${business.address.suburb}`,
];

export const howItWorks = [
  {
    title: "Choose a package and confirm your date",
    text: "Pick a booth and the hours you need, send a quick quote and we will lock in the date once you confirm.",
  },
  {
    title: "We deliver and set up",
    text: `We arrive well before your guests and need a spot of at least ${policy.recommendedSpace} with power nearby.`,
  },
  {
    title: "Unlimited photos, GIFs and boomerangs",
    text: "Guests step up as often as they like. Our attendant keeps the queue moving and the props flowing.",
  },
  {
    title: "Instant prints and digital copies",
    text: "Prints drop in seconds, guests share to their phones on the spot, and you get every file afterwards.",
  },
];

export const seoText = [
  `${business.name} is a family-run photo booth hire business based in ${business.address.suburb}, serving Werribee, Point Cook, Hoppers Crossing and the rest of Melbourne's western suburbs, through to Geelong and the CBD. We built our booths for the halls, backyards, wineries and function rooms of the west, and we know how to set up quickly in all of them.`,
  `Every booking includes unlimited prints, a box of props, a backdrop to suit your theme and an attendant who looks after your guests from the first photo to the last. Whether you need an open booth for a big group shot, an enclosed booth for a little privacy, or our black-and-white glam booth for a touch of old Hollywood, we will help you choose.`,
];

export const testimonials: Testimonial[] = [
  {
    quote: "Our guests still talk about the booth. The attendant had the grandparents in feather boas within ten minutes, and the prints went straight into our guest book.",
    name: "Priya and Sam",
    event: "Wedding in Werribee",
  },
  {
    quote: "Setup was done before the first guest arrived, the kids loved the props and every parent left with a print on the fridge. Easiest part of the whole party.",
    name: "Leanne",
    event: "Tenth birthday in Point Cook",
  },
  {
    quote: "The branded template and e-mail capture gave us over two hundred new contacts from one product launch. Professional from the first call.",
    name: "Marcus",
    event: "Product launch in Footscray",
  },
];

export const faqs: Faq[] = [
  {
    question: "Do you have 360 booths or magic mirror booths?",
    answer:
      "Our core booths are the open, enclosed and glam booths. Ask about a 360 spinner or a mirror booth when you request a quote and we will tell you what is available for your date.",
  },
  {
    question: "Can the prints and screens carry our branding?",
    answer:
      "Yes. We design a print template with your names, date, logo or colours, and for corporate events we can add a branded start screen and e-mail capture.",
  },
  {
    question: "Do you charge for travel?",
    answer: `Delivery is free within ${policy.freeDeliveryKm} km of ${business.address.suburb}, and we travel up to about ${policy.serviceRadiusKm} km, including Geelong and Melbourne's CBD. There are no travel fees in the Melbourne metro area.`,
  },
  {
    question: "How much space does the booth need?",
    answer: `We recommend at least ${policy.recommendedSpace} on a flat, dry floor, with a power point within ${policy.powerWithinMetres} metres. Tell us about your venue and we will help you find the best spot.`,
  },
];

export { serviceAreas };
