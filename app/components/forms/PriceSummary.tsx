import { priceDueAttribute, priceSlotAttribute, priceSummaryAttribute, priceTotalAttribute } from "~/hydration";
import { depositCents, dueNowText, formatLineCents, paidWholeWhenBooked, type DateRules, type DueTerms, type PriceLine, type PriceLineKind, type PriceSheet } from "~/prices/price-sheet";
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

interface Figures {
  lines: readonly PriceLine[];
  /** The form's event date ("" while none is chosen). */
  eventDate: string;
  due: DueTerms;
}

const noChoice = "choose a booth and hours";

/** The total and what is due now, as both summaries write them. */
function figures({ lines, eventDate, due }: Figures): { total: string; dueNow: string } {
  if (!lines.length) return { total: noChoice, dueNow: "–" };
  const total = lines.reduce((sum, line) => sum + line.cents, 0);
  const whole = paidWholeWhenBooked(eventDate, due);
  return { total: formatLineCents(total), dueNow: dueNowText(formatLineCents(whole ? total : depositCents(total, due.depositPercent)), whole) };
}

/**
 * The price in the booking form, line by line: the booth, each extra, the date's rule and
 * travel, the total and what is due now. Before React loads, the boot script fills the same slots
 * from the sheet on the summary (travel as the server last worked it out: React asks the server as
 * the venue is typed); the texts it changes are marked so that hydration takes them as they are.
 */
export function PriceSummary({ sheet, rules, ...shown }: Figures & { sheet: PriceSheet; rules: DateRules }) {
  const { total, dueNow } = figures(shown);
  const travel = shown.lines.filter((line) => line.kind === "travel");
  return (
    <section className="price-summary" aria-labelledby="booking-summary-heading" {...{ [priceSummaryAttribute]: JSON.stringify({ sheet, rules, due: shown.due, travel }) }}>
      <h3 id="booking-summary-heading">Your price</h3>
      <ul aria-live="polite">
        {lineInSlots(shown.lines).map((line, index) => (
          <li key={index} hidden={!line} {...{ [priceSlotAttribute]: slots[index] }}>
            <span suppressHydrationWarning>{line?.label ?? ""}</span>
            <span suppressHydrationWarning>{line ? formatLineCents(line.cents) : ""}</span>
          </li>
        ))}
      </ul>
      <p className="price-summary-total">
        Total (GST included):{" "}
        <strong suppressHydrationWarning {...{ [priceTotalAttribute]: "" }}>
          {total}
        </strong>
      </p>
      <p>
        Due now:{" "}
        <strong suppressHydrationWarning {...{ [priceDueAttribute]: "" }}>
          {dueNow}
        </strong>
      </p>
      <p className="form-hint">
        Travel is added once we know the venue&apos;s suburb. A promo code is applied when you book: its discount shows on your invoice.
      </p>
    </section>
  );
}

/**
 * The same total and what is due now, kept at the bottom of a phone's screen while the form
 * scrolls (the stylesheet makes it sticky, and hides it while a text field has focus, when the
 * keyboard needs the room). The full summary says it to screen readers; this repeats it for eyes.
 */
export function CompactPrice(shown: Figures) {
  const { total, dueNow } = figures(shown);
  return (
    <p className="price-compact" aria-hidden="true">
      <span>
        Total{" "}
        <strong suppressHydrationWarning {...{ [priceTotalAttribute]: "" }}>
          {total}
        </strong>
      </span>
      <span>
        Due now{" "}
        <strong suppressHydrationWarning {...{ [priceDueAttribute]: "" }}>
          {dueNow}
        </strong>
      </span>
    </p>
  );
}
