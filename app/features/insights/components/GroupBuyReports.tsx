import { Link } from "@remix-run/react";
import { koInsights } from "~/copy/ko-insights";
import { productPath } from "~/lib/route-info";
import type { GroupBuyReport } from "../group-buy-clicks.server";

/** Each group buy: its state and window, and its button clicks over the window by where visitors came from. */
export function GroupBuyReports({ reports }: { reports: GroupBuyReport[] }) {
  const words = koInsights.groupBuys;
  return (
    <div className="card">
      <h2 className="insights__heading">{words.title}</h2>
      <p className="hint">{words.hint}</p>
      {reports.length === 0 ? (
        <p className="hint">{words.none}</p>
      ) : (
        <ul className="insights-group-buys">
          {reports.map((report) => (
            <li key={report.index}>
              <Link to={productPath(report.index)}>{report.productNm}</Link>
              <span>
                <strong>{report.state}</strong> {report.window}
              </span>
              <span>{report.summary}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
