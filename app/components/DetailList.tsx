import type { ReactNode } from "react";

/** Label and value pairs, as the invoice, the owner's link pages and the day sheet list a booking. */
export function DetailList({ rows }: { rows: readonly (readonly [label: string, value: ReactNode])[] }) {
  return (
    <dl className="detail-list">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
