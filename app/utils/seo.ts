import type { MetaDescriptor } from "@remix-run/cloudflare";
import { business, serviceAreas } from "~/business";
import { media, type MediaImage } from "~/media";

export interface RootData {
  origin: string;
  year: number;
}

export interface PageSeo {
  title: string;
  description: string;
  /** Path of the page on the public origin, used for the canonical address. */
  path: string;
  keywords?: readonly string[];
  /** A raster image for social cards (its alt text and size go into the card too). */
  image?: MediaImage;
  type?: "website" | "article";
  /** Name of this page in the breadcrumb trail; inner pages get Home › name. */
  breadcrumb?: string;
  /** Pages between Home and this one in the breadcrumb trail (for example Blog, for a post). */
  breadcrumbParents?: readonly { name: string; path: string }[];
  jsonLd?: readonly Record<string, unknown>[];
  noindex?: boolean;
}

export const defaultSocialImage = media.socialCard;

type MatchLike = { id: string; data: unknown };

export function rootData(matches: readonly MatchLike[]): RootData {
  const data = matches.find((match) => match.id === "root")?.data as RootData | undefined;
  if (!data) throw new Error("Root loader data is missing");
  return data;
}

export function localBusinessJsonLd(origin: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": `${origin}/#business`,
    name: business.name,
    url: `${origin}/`,
    telephone: business.phone.international,
    email: business.email,
    image: `${origin}${defaultSocialImage.src}`,
    address: {
      "@type": "PostalAddress",
      addressLocality: business.address.suburb,
      addressRegion: business.address.state,
      postalCode: business.address.postcode,
      addressCountry: business.address.country,
    },
    areaServed: serviceAreas.map((name) => ({ "@type": "Place", name })),
  };
}

type Crumb = { name: string; path: string };

function breadcrumbJsonLd(origin: string, crumbs: readonly Crumb[]): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [{ name: "Home", path: "/" }, ...crumbs].map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: `${origin}${crumb.path}`,
    })),
  };
}

/** Title, description, canonical, social tags and JSON-LD for one page, all rendered on the server. */
export function pageMeta(matches: readonly MatchLike[], seo: PageSeo): MetaDescriptor[] {
  const { origin } = rootData(matches);
  const url = `${origin}${seo.path}`;
  const image = seo.image ?? defaultSocialImage;
  const imageUrl = `${origin}${image.src}`;
  const title = seo.path === "/" ? seo.title : `${seo.title} | ${business.name}`;
  const structured = [localBusinessJsonLd(origin), ...(seo.jsonLd ?? [])];
  if (seo.breadcrumb && seo.path !== "/") {
    const crumbs = [...(seo.breadcrumbParents ?? []), { name: seo.breadcrumb, path: seo.path }];
    structured.push(breadcrumbJsonLd(origin, crumbs));
  }

  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:site_name", content: business.name },
    { property: "og:title", content: title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:image:alt", content: image.alt },
    { property: "og:image:width", content: String(image.width) },
    { property: "og:image:height", content: String(image.height) },
    { property: "og:locale", content: "en_AU" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: seo.description },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: image.alt },
    ...structured.map((data) => ({ "script:ld+json": data })),
  ];
  if (seo.keywords?.length) tags.push({ name: "keywords", content: seo.keywords.join(", ") });
  if (seo.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
