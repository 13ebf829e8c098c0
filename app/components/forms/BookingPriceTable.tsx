import { bookingDurations, bookingPriceTable, formatAud } from "~/pricing";

/** The booking price table, so visitors without JavaScript see the price before sending. */
export function BookingPriceTable() {
  return (
    <div className="price-table-wrap">
      <table className="price-table">
        <caption>Booking prices (AUD, per booking)</caption>
        <thead>
          <tr>
            <th scope="col">Booth</th>
            {bookingDurations.map((duration) => (
              <th key={duration} scope="col">
                {duration}
              </th>
            ))}
          </tr>
        </thead>
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
