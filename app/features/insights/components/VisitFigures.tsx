import { Link } from "@remix-run/react";
import { useId } from "react";
import { koAdmin } from "~/copy/ko-admin";
import type { InsightsReport, PageVisits } from "../insights.server";
import { INSIGHTS_PERIODS, type InsightsPeriod } from "../periods";
import { VISIT_SOURCES } from "../visit-sources";

/** A kind of page with its Korean name, which the page's loader gives (ko-server: no page's JavaScript carries the list). */
export type NamedPageVisits = PageVisits & { name: string };

/** The periods as plain links (`?days=`): they work without JavaScript; the current one is marked. */
export function PeriodLinks({ period }: { period: InsightsPeriod }) {
  return (
    <nav className="insights-periods" aria-label={koAdmin.insights.periodLabel}>
      <ul>
        {INSIGHTS_PERIODS.map((days) => (
          <li key={days}>
            <Link to={`?days=${days}`} aria-current={days === period ? "page" : undefined} className="insights-periods__link">
              {koAdmin.insights.period(days)}
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
export function VisitFigures({
  period,
  visits,
  sources,
}: Pick<InsightsReport, "period" | "sources"> & { visits: { total: number; pages: NamedPageVisits[] } }) {
  const sourcesId = useId();
  const pagesId = useId();
  return (
    <div className="card">
      <h2 className="insights__heading">{koAdmin.insights.visitsTitle}</h2>
      <dl className="insights-totals insights-totals--single">
        <div className="insights-totals__item">
          <dt>{koAdmin.insights.visitsTotal(period)}</dt>
          <dd>{koAdmin.insights.times(visits.total)}</dd>
        </div>
      </dl>
      {visits.total === 0 ? (
        <p className="hint">{koAdmin.insights.noVisits}</p>
      ) : (
        <>
          <h3 id={sourcesId} className="insights__subheading">
            {koAdmin.insights.sourcesTitle}
          </h3>
          <ul className="insights-sources" aria-labelledby={sourcesId}>
            {VISIT_SOURCES.map((source) => {
              const percent = percentOf(sources[source], visits.total);
              return (
                <li key={source} className="insights-sources__item" data-source={source}>
                  <span className="insights-sources__name">{koAdmin.insights.sources[source]}</span>
                  <span className="insights-sources__count">
                    {koAdmin.insights.times(sources[source])} · {koAdmin.insights.share(percent)}
                  </span>
                  <span className="insights-sources__bar" aria-hidden="true">
                    <span className={`insights-sources__fill insights-sources__fill--${source}`} style={{ width: `${percent}%` }} />
                  </span>
                </li>
              );
            })}
          </ul>
          <p className="hint">{koAdmin.insights.sourcesHint}</p>
          <h3 id={pagesId} className="insights__subheading">
            {koAdmin.insights.pagesTitle}
          </h3>
          <ol className="insights-top" aria-labelledby={pagesId}>
            {visits.pages.map(({ page, name, count }) => (
              <li key={page}>
                <span className="insights-top__name">{name}</span>
                <span className="insights-top__count">{koAdmin.insights.times(count)}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
