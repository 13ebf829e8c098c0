import type { NumbersChart } from "~/numbers/numbers-page.server";

/** A chart's figures as a table: what screen readers read and what prints. */
export function FiguresTable({ chart }: { chart: NumbersChart }) {
  return (
    <div className="owner-table">
      <table>
        <caption>{chart.title}</caption>
        <thead>
          <tr>
            {chart.table.headings.map((heading) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chart.table.rows.map((row) => (
            <tr key={row.head}>
              <th scope="row">{row.head}</th>
              {row.cells.map((cell, index) => (
                <td key={chart.table.headings[index + 1]}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
