import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CallToAction } from "~/components/marketing/CallToAction";
import { BackdropGallery } from "~/components/marketing/BackdropGallery";
import { FloatingEmoji } from "~/components/marketing/FloatingEmoji";
import { backdrops } from "~/content/backdrops";
import { floatingEmoji } from "~/content/floating-emoji";
import { pageMeta } from "~/utils/seo";

export async function loader() {
  // Drawn once on the server; the browser hydrates the same positions from this data.
  const [seed = 1] = crypto.getRandomValues(new Uint32Array(1));
  return { emoji: floatingEmoji(seed) };
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Backdrops",
    description: "Browse our photo booth backdrops: classic black, bright white, graduation caps and a floral wall. Every booking includes a backdrop of your choice.",
    path: "/backdrop",
    breadcrumb: "Backdrops",
    keywords: ["photo booth backdrop", "floral backdrop hire", "graduation backdrop"],
  });

export default function BackdropPage() {
  const { emoji } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="container page-section backdrop-page">
        <header className="page-heading">
          <p className="eyebrow">Backdrops</p>
          <h1>Backdrops</h1>
          <p className="lead">Every booking includes a backdrop. Choose one of these four, or ask us about a custom design for your theme.</p>
        </header>
        <BackdropGallery items={backdrops} />
        {/* Last, so the browser lays the emoji out only once the section's height is known: placed in
            percentages of it, they moved when a first paint came before the gallery was parsed. */}
        <FloatingEmoji items={emoji} />
      </section>
      <CallToAction title="Found the one?">Tell us which backdrop you love when you ask for a quote.</CallToAction>
    </>
  );
}
