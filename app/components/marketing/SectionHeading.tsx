import type { ReactNode } from "react";

/** Eyebrow, heading and optional intro for a page section. */
export function SectionHeading({ id, eyebrow, title, children }: { id: string; eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <header className="section-heading">
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h2 id={id}>{title}</h2>
      {children ? <p className="section-intro">{children}</p> : null}
    </header>
  );
}
