import type { PackageLine } from "~/pricing";

export interface Illustration {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** The landing pages' buttons only ever lead to the two forms. */
export interface LandingAction {
  label: string;
  to: "/booking" | "/quickquote";
}

export interface LandingFeature {
  title: string;
  text: string;
}

export interface PackageBlurb {
  name: string;
  /** Length as shown, derived from the list-price hours it quotes. */
  duration: string;
  text: string;
  /** The list prices the blurb quotes from; null for a package quoted to order. */
  pricing: { line: PackageLine; hours: readonly number[]; from: number } | null;
}

export interface LandingFaq {
  question: string;
  answer: string;
}

export interface RelatedPage {
  to: string;
  title: string;
  text: string;
}

export interface LandingPageData {
  path: string;
  /** Page title before the business name; the route tests expect these exact titles. */
  title: string;
  description: string;
  keywords: readonly string[];
  breadcrumb: string;
  /** Name of the service in the structured data. */
  serviceName: string;
  /** Offer price stated in the structured data; the lowest blurb price when omitted. */
  offerPrice?: number;
  eyebrow: string;
  headline: string;
  intro: readonly string[];
  /** The first action is the primary button. */
  actions: readonly LandingAction[];
  /** The first illustration is the hero image, the rest form the gallery. */
  illustrations: readonly Illustration[];
  galleryHeading: string;
  features: { heading: string; items: readonly LandingFeature[] };
  packages: { heading: string; intro: string; items: readonly PackageBlurb[] };
  related?: { heading: string; intro: string; pages: readonly RelatedPage[] };
  faqs: readonly LandingFaq[];
  areas: { heading: string; intro: string; names: readonly string[] };
  closing: { heading: string; text: string };
}
