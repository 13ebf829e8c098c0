import type { MetaDescriptor } from "@remix-run/cloudflare";
import { headlineAreas, policy } from "~/business";
import { pageMeta, rootData } from "~/utils/seo";
import type { LandingPageData } from "./types";

type MatchLike = Parameters<typeof pageMeta>[0][number];

/** The price the page's Service offer states: the page's own figure, else its lowest "from" price. */
export function offerPrice(page: LandingPageData): number {
  if (page.offerPrice !== undefined) return page.offerPrice;
  const prices = page.packages.items.flatMap((item) => (item.pricing ? [item.pricing.from] : []));
  return Math.min(...prices);
}

/** Service (with its Offer) and, when the page shows questions, FAQPage structured data. */
export function landingJsonLd(origin: string, page: LandingPageData): Record<string, unknown>[] {
  const url = `${origin}${page.path}`;
  const service = {
    "@context": "https://schema.org",
    "@type": "Service",
    name: page.serviceName,
    serviceType: "Photo booth hire",
    description: page.description,
    url,
    provider: { "@id": `${origin}/#business` },
    areaServed: headlineAreas.map((name) => ({ "@type": "Place", name })),
    offers: {
      "@type": "Offer",
      price: offerPrice(page),
      priceCurrency: policy.currency,
      availability: "https://schema.org/InStock",
      url,
    },
  };
  if (page.faqs.length === 0) return [service];
  const faqPage = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: page.faqs.map((faq) => ({
      "@type": "Question",
      name: faq.question,
      acceptedAnswer: { "@type": "Answer", text: faq.answer },
    })),
  };
  return [service, faqPage];
}

export function landingMeta(matches: readonly MatchLike[], page: LandingPageData): MetaDescriptor[] {
  return pageMeta(matches, {
    title: page.title,
    description: page.description,
    path: page.path,
    keywords: page.keywords,
    breadcrumb: page.breadcrumb,
    jsonLd: landingJsonLd(rootData(matches).origin, page),
  });
}
