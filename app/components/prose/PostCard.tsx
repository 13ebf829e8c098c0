import { Link } from "@remix-run/react";
import { postPath, type BlogPostSummary } from "~/content/blog-post";
import { PostDate } from "./PostDate";

export function PostCard({ post }: { post: BlogPostSummary }) {
  const headingId = `post-${post.slug}`;
  return (
    <article className="post-card" aria-labelledby={headingId}>
      <img
        className="post-card-cover"
        src={post.cover}
        alt=""
        width={480}
        height={300}
        loading="lazy"
        decoding="async"
      />
      <div className="post-card-body">
        <h2 id={headingId} className="post-card-title">
          {post.title}
        </h2>
        <p className="post-meta">
          <PostDate date={post.date} />
        </p>
        <p>{post.excerpt}</p>
        <Link to={postPath(post.slug)} className="post-card-link">
          Read more<span className="visually-hidden"> about {post.title}</span>
        </Link>
      </div>
    </article>
  );
}
