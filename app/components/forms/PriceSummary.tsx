import { priceSlotAttribute, priceSummaryAttribute, priceTotalAttribute } from "~/hydration";
import { formatLineCents, type DateRules, type PriceLine, type PriceLineKind, type PriceSheet } from "~/prices/price-sheet";
import { addOnIds } from "~/pricing";

/** A place for each line a booking can have, in invoice order: React and the boot script fill the same ones. */
const slots: readonly PriceLineKind[] = ["booth", "extra-hours", ...addOnIds.map((): PriceLineKind => "add-on"), "backdrop", "rule", "travel"];

function lineInSlots(lines: readonly PriceLine[]): (PriceLine | undefined)[] {
  const left = [...lines];
  return slots.map((kind) => {
    const index = left.findIndex((line) => line.kind === kind);
    return index < 0 ? undefined : left.splice(index, 1)[0];
  });
}

/**
 * The price beside the booking form, line by line: the booth, each extra, the date's rule and
 * travel, and the total. Before React loads, the boot script fills the same slots from the sheet
 * on the summary (travel waits for React, which asks the server); the texts it changes are marked
 * so that hydration takes them as they are.
 */
export function PriceSummary({ lines, sheet, rules }: { lines: readonly PriceLine[]; sheet: PriceSheet; rules: DateRules }) {
  const total = lines.reduce((sum, line) => sum + line.cents, 0);
  return (
    <section className="price-summary" aria-labelledby="booking-summary-heading" {...{ [priceSummaryAttribute]: JSON.stringify({ sheet, rules }) }}>
      <h3 id="booking-summary-heading">Your price</h3>
      <ul aria-live="polite">
        {lineInSlots(lines).map((line, index) => (
          <li key={index} hidden={!line} {...{ [priceSlotAttribute]: slots[index] }}>
            <span suppressHydrationWarning>{line?.label ?? ""}</span>
            <span suppressHydrationWarning>{line ? formatLineCents(line.cents) : ""}</span>
          </li>
        ))}
      </ul>
      <p className="price-summary-total">
        Total (GST included):{" "}
        <strong suppressHydrationWarning {...{ [priceTotalAttribute]: "" }}>
          {lines.length ? formatLineCents(total) : "choose a booth and hours"}
        </strong>
      </p>
      <p className="form-hint">
        Travel is added once we know the venue&apos;s suburb. A promo code is applied when you book: its discount shows on your invoice.
      </p>
    </section>
  );
}
