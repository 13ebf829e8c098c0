import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** The closing band of a page: a heading, a line of text and the quote button. */
export function CallToAction({ title, children, label = "Get a Quick Quote" }: { title: string; children: ReactNode; label?: string }) {
  return (
    <section className="cta" aria-labelledby="cta-heading">
      <div className="container cta-inner">
        <h2 id="cta-heading">{title}</h2>
        <p>{children}</p>
        <Link to="/quickquote" className="button button-primary">
          {label}
        </Link>
      </div>
    </section>
  );
}
