import { createContext, useContext } from "react";
import siteStylesHref from "~/styles/site.css";

/** The text of the site's stylesheet, read by the server before rendering (entry.server.tsx). */
const SiteStylesContext = createContext<string | undefined>(undefined);

export const SiteStylesProvider = SiteStylesContext.Provider;

const elementId = "site-styles";

/**
 * The site's stylesheet inlined into <head>: a render-blocking stylesheet would cost the first
 * paint a round trip. In the browser the text is already in the page, so hydration reads it back
 * rather than downloading it. If the server could not read the file, the page links it instead.
 */
export function SiteStyles() {
  const fromServer = useContext(SiteStylesContext);
  const css = typeof document === "undefined" ? fromServer : document.getElementById(elementId)?.textContent;
  if (css === undefined || css === null) return <link rel="stylesheet" href={siteStylesHref} />;
  return <style id={elementId} dangerouslySetInnerHTML={{ __html: css }} />;
}
