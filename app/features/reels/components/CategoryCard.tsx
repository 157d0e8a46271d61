import { ko } from "~/copy/ko";
import type { CategoryItem } from "../categories.server";

export function CategoryCard({ item }: { item: CategoryItem }) {
  return (
    <div className={item.isView ? "category-card" : "category-card category-card--hidden"}>
      {item.image ? (
        <img className="category-card__image" src={item.image} alt={ko.reels.categoryImageAlt(item.categoryNm)} width={400} height={400} loading="lazy" />
      ) : (
        <div className="category-card__image category-card__image--empty" aria-hidden="true" />
      )}
      <div className="category-card__body">
        <h2 className="category-card__name">
          {item.categoryNm}
          {item.isView ? null : <span className="badge">{ko.list.hidden}</span>}
        </h2>
        <p className="category-card__count">{ko.reels.reelsCount(item.reelsCount)}</p>
      </div>
    </div>
  );
}
