import type { ChartUnit, NumbersChart } from "~/numbers/numbers-page.server";
import { formatAud } from "~/pricing";

/**
 * One figure as bars, drawn on the server: the year before and this year side by side in each
 * group. Sized by its viewBox, so it reads on a 390 px phone and prints; the table beneath it
 * carries the same figures for screen readers.
 */
const width = 320;
const height = 240;
const left = 44;
const right = 4;
const top = 40;
const lineHeight = 12;
/** Characters a group's label may take on one line before it wraps. */
const labelChars = 12;

const axisLabel: Record<ChartUnit, (value: number) => string> = {
  count: String,
  money: (cents) => formatAud(cents / 100),
  days: String,
};

/** The axis's step: 1, 2 or 5 times a power of ten, so four steps reach the highest bar. */
function stepFor(highest: number, unit: ChartUnit): number {
  const smallest = unit === "money" ? 100 : 1;
  const rough = Math.max(highest / 4, smallest);
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((factor) => factor * power).find((step) => step >= rough)!;
}

/** A label as lines of at most `labelChars` characters, broken at spaces. */
function labelLines(label: string): string[] {
  const lines: string[] = [];
  for (const word of label.split(" ")) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= labelChars) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

export function BarChart({ chart, current, before }: { chart: NumbersChart; current: string; before: string }) {
  const titleId = `chart-${chart.id}-title`;
  const descId = `chart-${chart.id}-desc`;
  const labels = chart.groups.map((group) => labelLines(group.label));
  const bottom = 8 + lineHeight * Math.max(...labels.map((lines) => lines.length));
  const plotHeight = height - top - bottom;
  const highest = Math.max(0, ...chart.groups.flatMap((group) => [group.current, group.before]));
  const step = stepFor(highest, chart.unit);
  const ceiling = step * 4;
  const y = (value: number) => top + plotHeight - (Math.max(value, 0) / ceiling) * plotHeight;
  const groupWidth = (width - left - right) / chart.groups.length;
  const barWidth = groupWidth * 0.36;
  return (
    <svg className="numbers-chart" role="img" aria-labelledby={`${titleId} ${descId}`} viewBox={`0 0 ${width} ${height}`} width="100%" preserveAspectRatio="xMidYMid meet">
      <title id={titleId}>{chart.title}</title>
      <desc id={descId}>{`${chart.says} In each pair the first bar is ${before}, the second ${current}; the table below gives each figure.`}</desc>
      <g className="chart-legend" fontSize="11">
        <rect className="bar-before" x={left} y={4} width={10} height={10} />
        <text x={left + 14} y={13}>
          {before}
        </text>
        <rect className="bar-current" x={left} y={19} width={10} height={10} />
        <text x={left + 14} y={28}>
          {current}
        </text>
      </g>
      <g className="chart-axis" fontSize="11">
        {[0, 1, 2, 3, 4].map((index) => (
          <g key={index}>
            <line x1={left} x2={width - right} y1={y(index * step)} y2={y(index * step)} />
            <text x={left - 4} y={y(index * step) + 3} textAnchor="end">
              {axisLabel[chart.unit](index * step)}
            </text>
          </g>
        ))}
      </g>
      {chart.groups.map((group, index) => {
        const x = left + index * groupWidth + (groupWidth - barWidth * 2) / 2;
        return (
          <g key={group.label}>
            <rect className="bar-before" x={x} y={y(group.before)} width={barWidth} height={top + plotHeight - y(group.before)} />
            <rect className="bar-current" x={x + barWidth} y={y(group.current)} width={barWidth} height={top + plotHeight - y(group.current)} />
            <text className="chart-label" x={left + (index + 0.5) * groupWidth} y={top + plotHeight + lineHeight} textAnchor="middle" fontSize="11">
              {labels[index]!.map((line, number) => (
                <tspan key={line} x={left + (index + 0.5) * groupWidth} dy={number ? lineHeight : 0}>
                  {line}
                </tspan>
              ))}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
