import { business, serviceAreas } from "~/business";
import { formatAud, listPackages, type PackageLine } from "~/pricing";

const lineNames: Record<PackageLine, string> = {
  "open-enclosed": "Open or Enclosed Booth",
  glam: "Glam Booth",
};

function offersFor(origin: string, lines: readonly PackageLine[]) {
  return listPackages
    .filter((item) => lines.includes(item.line))
    .map((item) => ({
      "@type": "Offer",
      name: `${lineNames[item.line]}, ${item.hours} hours`,
      price: item.price.toFixed(2),
      priceCurrency: "AUD",
      description: `${formatAud(item.price)} for ${item.hours} hours`,
      url: `${origin}/packages#${item.id}`,
      availability: "https://schema.org/InStock",
    }));
}

/** A Service with one Offer per list price of the given package lines. */
export function serviceJsonLd(options: {
  origin: string;
  path: string;
  name: string;
  description: string;
  lines: readonly PackageLine[];
}): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: options.name,
    serviceType: "Photo booth hire",
    description: options.description,
    url: `${options.origin}${options.path}`,
    provider: { "@id": `${options.origin}/#business`, name: business.name },
    areaServed: serviceAreas.map((name) => ({ "@type": "Place", name })),
    offers: offersFor(options.origin, options.lines),
  };
}

export function faqJsonLd(faqs: readonly { question: string; answer: string }[]): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.map((faq) => ({
      "@type": "Question",
      name: faq.question,
      acceptedAnswer: { "@type": "Answer", text: faq.answer },
    })),
  };
}
