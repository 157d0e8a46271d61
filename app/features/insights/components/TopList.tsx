import { Link } from "@remix-run/react";
import { koInsights } from "~/copy/ko-insights";
import type { TopItem } from "../insights.server";

/** The most used records of one kind; a deleted record keeps its place, named as deleted. */
export function TopList({ title, items }: { title: string; items: TopItem[] }) {
  return (
    <div className="card">
      <h2 className="insights__heading">{title}</h2>
      {items.length === 0 ? (
        <p className="hint">{koInsights.insights.noneYet}</p>
      ) : (
        <ol className="insights-top">
          {items.map((item) => (
            <li key={item.id}>
              <span className="insights-top__name">
                {item.name === null ? (
                  koInsights.insights.deleted(item.id)
                ) : item.href ? (
                  <Link to={item.href}>{item.name}</Link>
                ) : (
                  item.name
                )}
              </span>
              <span className="insights-top__count">{koInsights.insights.times(item.count)}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
