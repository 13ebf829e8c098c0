import { bookingPriceTable, formatAud } from "~/pricing";
import { DurationsHead } from "./DurationsHead";

/** The booking price table, so visitors without JavaScript see the price before sending. */
export function BookingPriceTable() {
  return (
    <div className="price-table-wrap">
      <table className="price-table">
        <caption>Booking prices (AUD, per booking)</caption>
        <DurationsHead />
        <tbody>
          {bookingPriceTable().map(({ boothType, prices }) => (
            <tr key={boothType}>
              <th scope="row">{boothType}</th>
              {prices.map(({ duration, price }) => (
                <td key={duration}>{formatAud(price)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
