import { intentField, priceIntent } from "~/input/fields";

/**
 * "Show my price", without JavaScript only: the form comes back priced for what it holds
 * (`intent=price`), nothing sent. With JavaScript the price follows every choice, so there is no
 * button; React never looks inside markup it was given as HTML.
 */
export function RepriceButton() {
  const button = `<button type="submit" name="${intentField}" value="${priceIntent}" formnovalidate class="button button-secondary">Show my price</button>`;
  return <div className="reprice" dangerouslySetInnerHTML={{ __html: `<noscript>${button}</noscript>` }} />;
}
