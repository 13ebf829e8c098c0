import { business } from "~/business";

/** A paragraph, or a bulleted list of items. */
export type LegalBlock = string | readonly string[];

export interface LegalSection {
  heading: string;
  blocks: readonly LegalBlock[];
  /** Ends the section with the business's e-mail address and phone number as links. */
  withContact?: boolean;
}

/** Terms or privacy policy: plain text in sections, rendered by components/prose/LegalDocument. */
export interface LegalDocument {
  title: string;
  lastUpdated: string;
  intro: string;
  sections: readonly LegalSection[];
}

export const contactLines = [`E-mail: ${business.email}`, `Phone: ${business.phone.display}`] as const;

/** Everything a reader sees, as one string: what the tests search for each rule. */
export function documentText(document: LegalDocument): string {
  const sections = document.sections.flatMap((section) => [
    section.heading,
    ...section.blocks.flatMap((block) => (typeof block === "string" ? [block] : block)),
    ...(section.withContact ? contactLines : []),
  ]);
  return [document.title, `Last updated ${document.lastUpdated}`, document.intro, ...sections].join("\n");
}
