import { bookingDurations } from "~/pricing";

/** The head of a table of booth prices: the booth, then each package duration. */
export function DurationsHead() {
  return (
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
  );
}
