import { useId } from "react";
import { koInsights } from "~/copy/ko-insights";
import type { DayCounts } from "../insights.server";
import { COUNT_KINDS, type CountKind } from "../pending-counts";

// Geometry in viewBox units; the SVG scales to the card's width (about 1:1 at 375 px).
const WIDTH = 340;
const HEIGHT = 180;
const PLOT = { left: 30, right: 322, top: 10, bottom: 156 };
/** Bars stack from the bottom in this order; each kind keeps one colour in the legend and the table. */
const STACK_ORDER: CountKind[] = ["reel", "guide", "product", "ad"];
/** Days between labels on the x axis (ending with today), so they never overlap: every day of a week, weekly, every three weeks. */
function labelEvery(dayCount: number) {
  return dayCount <= 7 ? 1 : dayCount <= 31 ? 7 : 21;
}

export function dayLabel(day: string) {
  const [, month, date] = day.split("-").map(Number);
  return koInsights.insights.day(month ?? 0, date ?? 0);
}

function shortDayLabel(day: string) {
  const [, month, date] = day.split("-").map(Number);
  return `${month}/${date}`;
}

function dayTotal(entry: DayCounts) {
  return COUNT_KINDS.reduce((sum, kind) => sum + entry[kind], 0);
}

/** A round axis maximum at or above the highest day (1, 2, 4, 6, 8, 10, 20, 40, …): its half is a whole number too. */
function axisMax(highest: number) {
  for (let step = 1; ; step *= 10) {
    for (const factor of [1, 2, 4, 6, 8]) if (step * factor >= highest) return step * factor;
  }
}

/** Grid lines at zero, the middle (when it is a whole number) and the top. */
function ticks(max: number) {
  return max % 2 === 0 ? [0, max / 2, max] : [0, max];
}

function summary(days: DayCounts[]) {
  const parts = STACK_ORDER.map(
    (kind) => `${koInsights.insights.kinds[kind]} ${koInsights.insights.times(days.reduce((sum, entry) => sum + entry[kind], 0))}`,
  );
  const busiest = days.reduce((best, entry) => (dayTotal(entry) > dayTotal(best) ? entry : best), days[0]!);
  const busiestText =
    dayTotal(busiest) > 0 ? koInsights.insights.busiestDay(dayLabel(busiest.day), koInsights.insights.times(dayTotal(busiest))) : null;
  return koInsights.insights.chartSummary(days.length, parts, busiestText);
}

/**
 * Uses per day (7, 30 or 90 days) as stacked bars, drawn on the server (no JavaScript needed). The picture is one
 * image with a spoken summary; the numbers behind it are in the table below it.
 */
export function DailyChart({ days }: { days: DayCounts[] }) {
  const titleId = useId();
  if (days.length === 0 || days.every((entry) => dayTotal(entry) === 0)) {
    return (
      <p className="empty" role="status">
        {koInsights.insights.empty}
      </p>
    );
  }
  const max = axisMax(Math.max(...days.map(dayTotal)));
  const slot = (PLOT.right - PLOT.left) / days.length;
  const barWidth = Math.max(slot * 0.7, 1);
  const y = (value: number) => PLOT.bottom - (value / max) * (PLOT.bottom - PLOT.top);
  return (
    <figure className="insights-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId} className="insights-chart__svg">
        <title id={titleId}>{summary(days)}</title>
        {ticks(max).map((tick) => (
          <g key={tick} className="insights-chart__grid">
            <line x1={PLOT.left} x2={PLOT.right} y1={y(tick)} y2={y(tick)} />
            <text x={PLOT.left - 4} y={y(tick) + 3} textAnchor="end">
              {tick.toLocaleString("ko-KR")}
            </text>
          </g>
        ))}
        {days.map((entry, index) => {
          const x = PLOT.left + index * slot + (slot - barWidth) / 2;
          let base = 0;
          return (
            <g key={entry.day} data-day={entry.day}>
              {STACK_ORDER.map((kind) => {
                const count = entry[kind];
                if (count === 0) return null;
                const rect = (
                  <rect
                    key={kind}
                    className={`insights-chart__bar insights-chart__bar--${kind}`}
                    data-kind={kind}
                    data-count={count}
                    x={x}
                    width={barWidth}
                    y={y(base + count)}
                    height={y(base) - y(base + count)}
                  />
                );
                base += count;
                return rect;
              })}
              {(days.length - 1 - index) % labelEvery(days.length) === 0 ? (
                <text className="insights-chart__label" x={x + barWidth / 2} y={HEIGHT - 8} textAnchor="middle">
                  {shortDayLabel(entry.day)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ul className="insights-legend">
          {STACK_ORDER.map((kind) => (
            <li key={kind}>
              <span className={`insights-legend__swatch insights-chart__bar--${kind}`} aria-hidden="true" />
              {koInsights.insights.kinds[kind]}
            </li>
          ))}
        </ul>
      </figcaption>
      <details className="insights-table">
        <summary>{koInsights.insights.tableToggle}</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">{koInsights.insights.dateHeader}</th>
              {STACK_ORDER.map((kind) => (
                <th key={kind} scope="col">
                  {koInsights.insights.kinds[kind]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((entry) => (
              <tr key={entry.day}>
                <th scope="row">{dayLabel(entry.day)}</th>
                {STACK_ORDER.map((kind) => (
                  <td key={kind}>{entry[kind].toLocaleString("ko-KR")}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
