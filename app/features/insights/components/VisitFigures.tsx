import { Link } from "@remix-run/react";
import { useId } from "react";
import { koInsights } from "~/copy/ko-insights";
import type { InsightsReport } from "../insights.server";
import { INSIGHTS_PERIODS, type InsightsPeriod } from "../periods";
import { VISIT_SOURCES } from "../visit-sources";

/** The periods as plain links (`?days=`): they work without JavaScript; the current one is marked. */
export function PeriodLinks({ period }: { period: InsightsPeriod }) {
  return (
    <nav className="insights-periods" aria-label={koInsights.insights.periodLabel}>
      <ul>
        {INSIGHTS_PERIODS.map((days) => (
          <li key={days}>
            <Link to={`?days=${days}`} aria-current={days === period ? "page" : undefined} className="insights-periods__link">
              {koInsights.insights.period(days)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function percentOf(count: number, total: number) {
  return total === 0 ? 0 : Math.round((count / total) * 100);
}

/** Page visits in the period: the total, where they came from, and per kind of page. */
export function VisitFigures({ period, visits, sources }: Pick<InsightsReport, "period" | "visits" | "sources">) {
  const sourcesId = useId();
  const pagesId = useId();
  return (
    <div className="card">
      <h2 className="insights__heading">{koInsights.insights.visitsTitle}</h2>
      <dl className="insights-totals insights-totals--single">
        <div className="insights-totals__item">
          <dt>{koInsights.insights.visitsTotal(period)}</dt>
          <dd>{koInsights.insights.times(visits.total)}</dd>
        </div>
      </dl>
      {visits.total === 0 ? (
        <p className="hint">{koInsights.insights.noVisits}</p>
      ) : (
        <>
          <h3 id={sourcesId} className="insights__subheading">
            {koInsights.insights.sourcesTitle}
          </h3>
          <ul className="insights-sources" aria-labelledby={sourcesId}>
            {VISIT_SOURCES.map((source) => {
              const percent = percentOf(sources[source], visits.total);
              return (
                <li key={source} className="insights-sources__item" data-source={source}>
                  <span className="insights-sources__name">{koInsights.insights.sources[source]}</span>
                  <span className="insights-sources__count">
                    {koInsights.insights.times(sources[source])} · {koInsights.insights.share(percent)}
                  </span>
                  <span className="insights-sources__bar" aria-hidden="true">
                    <span className={`insights-sources__fill insights-sources__fill--${source}`} style={{ width: `${percent}%` }} />
                  </span>
                </li>
              );
            })}
          </ul>
          <p className="hint">{koInsights.insights.sourcesHint}</p>
          <h3 id={pagesId} className="insights__subheading">
            {koInsights.insights.pagesTitle}
          </h3>
          <ol className="insights-top" aria-labelledby={pagesId}>
            {visits.pages.map(({ page, count }) => (
              <li key={page}>
                <span className="insights-top__name">{koInsights.insights.pages[page] ?? page}</span>
                <span className="insights-top__count">{koInsights.insights.times(count)}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
