import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { MediaKey } from "~/media";
import { MediaImg } from "./MediaImg";

interface Props {
  to: string;
  title: string;
  image: MediaKey;
  headingLevel?: 2 | 3;
  /** The first card of a page of cards: its image is the page's largest paint on a phone. */
  priority?: boolean;
  children: ReactNode;
}

/** A card whose heading link covers the whole card, so all of it is one real link. */
export function LinkCard({ to, title, image, headingLevel = 3, priority = false, children }: Props) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="card card-link">
      <MediaImg image={image} decorative priority={priority} className="card-image" />
      <div className="card-body">
        <Heading className="card-title">
          <Link to={to} prefetch="intent">
            {title}
          </Link>
        </Heading>
        {children}
      </div>
    </article>
  );
}
