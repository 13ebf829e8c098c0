import type { Illustration } from "~/content/landing/types";

/**
 * Only the hero illustration loads eagerly and first; the rest wait until they near the viewport.
 * React 18 does not know `fetchPriority`, so the attribute is passed in lower case.
 */
export function LandingIllustration({ image, hero = false }: { image: Illustration; hero?: boolean }) {
  const loading = hero ? { fetchpriority: "high" } : { loading: "lazy" as const, decoding: "async" as const };
  return (
    <img
      className={hero ? "landing-hero-image" : "landing-gallery-image"}
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      {...loading}
    />
  );
}
