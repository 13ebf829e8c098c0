import type { BoothCounts } from "~/bookings/holds/fleet";
import { formatLineCents, sheetRule, sheetSold, withRule, type DateRules } from "~/prices/price-sheet";
import { bookingDurations, boothTypes } from "~/pricing";
import { formatDateInWords } from "~/utils/date-words";
import { bookingSheet } from "~/components/forms/booking-sheet";
import { DurationsHead } from "~/components/forms/DurationsHead";

/** A booth's price for its package on `date`, the date's rule applied, as the invoice's first lines add up. */
function packagePrice(rules: DateRules, date: string, boothType: string, packageDuration: string): string {
  const lines = withRule(sheetSold(bookingSheet, { boothType, packageDuration, extraHours: 0, addOns: [], backdrop: null }), sheetRule(rules, date));
  return formatLineCents(lines.reduce((sum, line) => sum + line.cents, 0));
}

interface DayOfferProps {
  id: string;
  date: string;
  /** The booths free of each type that day; null while unknown (the server decides when the form is sent). */
  boothsFree: BoothCounts | null;
  rules: DateRules;
}

/**
 * What is free on the chosen date, priced for that date: each booth type free or booked out, and
 * its price for each package with the date's rule applied (docs/product-decisions.md, "Booking on a
 * phone"). Spoken when it changes, as choosing a day with JavaScript changes it in place.
 */
export function DayOffer({ id, date, boothsFree, rules }: DayOfferProps) {
  const rule = sheetRule(rules, date);
  const words = formatDateInWords(date);
  return (
    <section id={id} className="day-offer" aria-labelledby={`${id}-heading`} aria-live="polite">
      <h3 id={`${id}-heading`}>{`On ${words}`}</h3>
      <p className="form-hint">{rule ? `${rule.label}: applied to the prices below.` : "The table's prices apply on this date."}</p>
      <div className="price-table-wrap">
        <table className="price-table">
          <caption className="visually-hidden">{`Booths free and their prices on ${words}, GST included`}</caption>
          <DurationsHead />
          <tbody>
            {boothTypes.map((booth) => {
              const free = boothsFree ? boothsFree[booth] > 0 : null;
              return (
                <tr key={booth} className={free === false ? "day-offer-booked" : undefined}>
                  <th scope="row">
                    {booth}
                    {free === null ? null : <span className="day-offer-state">{free ? "free" : "booked out"}</span>}
                  </th>
                  {bookingDurations.map((duration) => (
                    <td key={duration}>
                      {free === false ? (
                        <>
                          <span aria-hidden="true">–</span>
                          <span className="visually-hidden">booked out</span>
                        </>
                      ) : (
                        packagePrice(rules, date, booth, duration)
                      )}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
