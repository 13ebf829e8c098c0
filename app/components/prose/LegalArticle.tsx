import { business, slugify } from "~/business";
import type { LegalBlock, LegalDocument, LegalSection } from "~/content/legal-document";

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === "string") return <p>{block}</p>;
  return (
    <ul>
      {block.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

function ContactLinks() {
  return (
    <ul className="legal-contact">
      <li>
        E-mail: <a href={`mailto:${business.email}`}>{business.email}</a>
      </li>
      <li>
        Phone: <a href={business.phone.href}>{business.phone.display}</a>
      </li>
    </ul>
  );
}

function SectionView({ section, nested }: { section: LegalSection; nested: boolean }) {
  const Heading = nested ? "h4" : "h2";
  return (
    <section id={nested ? undefined : slugify(section.heading)}>
      <Heading>{section.heading}</Heading>
      {section.blocks.map((block, index) => (
        // Blocks never move, so their position is a stable key.
        <Block key={index} block={block} />
      ))}
      {section.withContact ? <ContactLinks /> : null}
    </section>
  );
}

/**
 * Terms or privacy policy: a table of contents, then one section per heading. `nested` draws it
 * inside another page (the booking page's terms), under that page's headings and without the contents.
 */
export function LegalArticle({ document, nested = false }: { document: LegalDocument; nested?: boolean }) {
  const Title = nested ? "h3" : "h1";
  return (
    <article className="prose legal">
      <Title>{document.title}</Title>
      <p className="post-meta">{`Last updated ${document.lastUpdated}`}</p>
      <p className="legal-intro">{document.intro}</p>
      {nested ? null : (
        <nav aria-label="On this page" className="legal-toc">
          <ol>
            {document.sections.map((section) => (
              <li key={section.heading}>
                <a href={`#${slugify(section.heading)}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      {document.sections.map((section) => (
        <SectionView key={section.heading} section={section} nested={nested} />
      ))}
    </article>
  );
}
