import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { business } from "~/business";
import { LegalArticle } from "~/components/prose/LegalArticle";
import { termsDocument } from "~/content/terms.server";
import { pageMeta } from "~/utils/seo";

export async function loader() {
  return { document: termsDocument };
}

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta(matches, {
    title: "Terms and Conditions",
    description: `Quotes, bookings, payment, cancellations, venue needs and photo storage: the terms for hiring a photo booth from ${business.name}.`,
    path: "/terms",
    breadcrumb: "Terms and Conditions",
  });

export default function TermsPage() {
  const { document } = useLoaderData<typeof loader>();
  return (
    <div className="container page-section">
      <LegalArticle document={document} />
    </div>
  );
}
