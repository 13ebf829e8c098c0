import type { NumbersChart } from "~/numbers/numbers-page.server";

/**
 * A chart's figures as a table: what screen readers read and what prints. On a phone a wide table
 * scrolls sideways in its box, which takes the keyboard's focus so it can be scrolled without a
 * pointer (WCAG 2.1.1), named apart from the section around it.
 */
export function FiguresTable({ chart }: { chart: NumbersChart }) {
  return (
    <div className="owner-table" role="region" aria-label={`${chart.title}: the figures`} tabIndex={0}>
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
