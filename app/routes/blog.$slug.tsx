import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { business } from "~/business";
import { ErrorPage } from "~/components/ErrorPage";
import { PostArticle } from "~/components/prose/PostArticle";
import { blogPostingJsonLd, postPath } from "~/content/blog-post";
import { findPost } from "~/content/blog-posts.server";
import { defaultSocialImage, pageMeta, rootData } from "~/utils/seo";

export async function loader({ params }: LoaderFunctionArgs) {
  const post = findPost(params.slug ?? "");
  if (!post) throw new Response("Post not found.", { status: 404 });
  return { post };
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => {
  if (!data) return [{ title: `Post not found | ${business.name}` }, { name: "robots", content: "noindex" }];
  const { post } = data;
  const { origin } = rootData(matches);
  return pageMeta(matches, {
    title: post.title,
    description: post.excerpt,
    path: postPath(post.slug),
    keywords: post.keywords,
    type: "article",
    breadcrumb: post.title,
    breadcrumbParents: [{ name: "Blog", path: "/blog" }],
    jsonLd: [blogPostingJsonLd(origin, post, `${origin}${defaultSocialImage.src}`)],
  });
};

export default function BlogPostPage() {
  const { post } = useLoaderData<typeof loader>();
  return (
    <div className="container page-section">
      <PostArticle post={post} />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <ErrorPage
      notFound={{ heading: "Post not found.", message: "That post may have moved. All our articles are on the blog page." }}
      failure="Sorry, this post could not be shown."
      links={[
        { to: "/blog", label: "Back to the Blog" },
        { to: "/", label: "Back to Home" },
      ]}
    />
  );
}
