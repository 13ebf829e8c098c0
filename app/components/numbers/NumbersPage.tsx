import type { NumbersView } from "~/numbers/numbers-page.server";
import { BarChart } from "~/components/numbers/BarChart";
import { FiguresTable } from "~/components/numbers/FiguresTable";

/** The owner's numbers: each figure as a chart of the last 12 months beside the 12 before, and as a table. */
export function NumbersPage({ view }: { view: NumbersView }) {
  return (
    <section className="container page-section owner-page numbers-page">
      <h1>Your numbers</h1>
      <p>{`${view.current}, each month beside the same month a year before (${view.before}). Money is in whole dollars, GST included.`}</p>
      {view.charts.map((chart) => (
        <section key={chart.id} aria-labelledby={`numbers-${chart.id}`} className="form-card">
          <h2 id={`numbers-${chart.id}`}>{chart.title}</h2>
          <p>{chart.says}</p>
          <BarChart chart={chart} current={view.current} before={view.before} />
          <FiguresTable chart={chart} />
        </section>
      ))}
    </section>
  );
}
