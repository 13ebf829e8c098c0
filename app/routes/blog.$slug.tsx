import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/utils/seo";

export async function loader({ params }: LoaderFunctionArgs) {
  return { slug: params.slug ?? "" };
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, {
    title: "Blog post",
    description: "A post from our blog.",
    path: `/blog/${data?.slug ?? ""}/`,
    breadcrumb: "Blog post",
  });

export default function BlogPostPage() {
  const { slug } = useLoaderData<typeof loader>();
  return (
    <section className="container page-section">
      <h1>{slug}</h1>
    </section>
  );
}
