import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { business } from "~/business";
import { LegalArticle } from "~/components/prose/LegalArticle";
import { privacyDocument } from "~/content/privacy.server";
import { pageMeta } from "~/utils/seo";

export async function loader() {
  return { document: privacyDocument };
}

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta(matches, {
    title: "Privacy Policy",
    description: `What ${business.name} collects through its quote, booking and contact forms, why, where it is stored and your rights.`,
    path: "/privacy",
    breadcrumb: "Privacy Policy",
  });

export default function PrivacyPage() {
  const { document } = useLoaderData<typeof loader>();
  return (
    <div className="container page-section">
      <LegalArticle document={document} />
    </div>
  );
}
