import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { koInsights } from "~/copy/ko-insights";
import { DailyChart } from "~/features/insights/components/DailyChart";
import { GroupBuyReports } from "~/features/insights/components/GroupBuyReports";
import { TopList } from "~/features/insights/components/TopList";
import { PeriodLinks, VisitFigures } from "~/features/insights/components/VisitFigures";
import { getInsights } from "~/features/insights/insights.server";
import { insightsQuerySchema } from "~/features/insights/schema.server";
import { parseFormData } from "~/lib/api.server";
import { refusalOf } from "~/lib/errors";
import { routeFacts } from "~/lib/route-facts";
import { pageMeta } from "~/lib/seo";
import { requireAdminPage } from "~/lib/session.server";
import insightsStyles from "~/styles/insights.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: insightsStyles }];

export const handle = routeFacts({ access: "admin", jsBudgetKiB: 150 });

export const meta: MetaFunction = (args) => pageMeta(args, { title: koInsights.insights.title, noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdminPage({ request, context });
  try {
    const query = parseFormData(new URL(request.url).searchParams, insightsQuerySchema);
    return getInsights(admin, query);
  } catch (error) {
    // A period that is not offered: the Korean 400 page, which links home.
    const refusal = refusalOf(error);
    throw new Response(refusal.message, { status: refusal.status });
  }
}

const TOTAL_ORDER = ["reel", "guide", "product", "ad"] as const;

export default function Insights() {
  const { period, days, totals, top, visits, sources, groupBuys } = useLoaderData<typeof loader>();
  return (
    <section className="insights narrow">
      <h1 className="page-title">{koInsights.insights.title}</h1>
      <p className="hint">{koInsights.insights.intro(period)}</p>
      <PeriodLinks period={period} />
      <VisitFigures period={period} visits={visits} sources={sources} />
      <TopList title={koInsights.insights.top.reel} items={top.reel} />
      <TopList title={koInsights.insights.top.guide} items={top.guide} />
      <div className="card">
        <h2 className="insights__heading">{koInsights.insights.totalsTitle(period)}</h2>
        <dl className="insights-totals">
          {TOTAL_ORDER.map((kind) => (
            <div key={kind} className="insights-totals__item">
              <dt>{koInsights.insights.kinds[kind]}</dt>
              <dd>{koInsights.insights.times(totals[kind])}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="card">
        <h2 className="insights__heading">{koInsights.insights.chartTitle(period)}</h2>
        <DailyChart days={days} />
      </div>
      <GroupBuyReports reports={groupBuys} />
      <TopList title={koInsights.insights.top.product} items={top.product} />
      <TopList title={koInsights.insights.top.ad} items={top.ad} />
    </section>
  );
}
