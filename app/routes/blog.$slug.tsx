import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { business } from "~/business";
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
    jsonLd: [blogPostingJsonLd(origin, post, `${origin}${defaultSocialImage}`)],
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
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container page-section error-page">
      <h1>{notFound ? "Post not found." : "Something went wrong"}</h1>
      <p>
        {notFound
          ? "That post may have moved. All our articles are on the blog page."
          : `Sorry, this post could not be shown. Please try again, or call us on ${business.phone.display}.`}
      </p>
      <p className="button-row">
        <Link to="/blog" className="button button-primary">
          Back to the Blog
        </Link>
        <Link to="/" className="button button-secondary">
          Back to Home
        </Link>
      </p>
    </section>
  );
}
