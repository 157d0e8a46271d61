import { CardImage, CardName } from "~/components/Picture";
import { ko } from "~/copy/ko";
import type { Picture } from "~/lib/picture";
import type { CategoryItem } from "../categories.server";

export function CategoryCard({ item }: { item: CategoryItem & { picture: Picture | null } }) {
  return (
    <div className={item.isView ? "category-card" : "category-card category-card--hidden"}>
      <CardImage
        className="category-card__image"
        picture={item.picture}
        name={item.categoryNm}
        alt={ko.reels.categoryImageAlt(item.categoryNm)}
      />
      <div className="category-card__body">
        <CardName as="h2" className="category-card__name" name={item.categoryNm} badge={item.isView ? null : ko.list.hidden} />
        <p className="category-card__count">
          {ko.reels.reelsCount(item.reelsCount)}
          {/* Only the admin is shown a category without reels: visitors never see one. */}
          {item.reelsCount === 0 ? <span className="badge badge--empty">{ko.reels.noReelsBadge}</span> : null}
        </p>
        {item.description ? <p className="category-card__description">{item.description}</p> : null}
      </div>
    </div>
  );
}
