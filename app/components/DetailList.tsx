/** Label and value pairs, as the invoice and the owner's link pages list a booking. */
export function DetailList({ rows }: { rows: readonly (readonly [label: string, value: string])[] }) {
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
