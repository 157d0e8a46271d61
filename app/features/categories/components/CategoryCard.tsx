import { CardImage, CardName } from "~/components/Picture";
import { ko } from "~/copy/ko";
import type { Picture } from "~/lib/picture";

/**
 * A reel category's or a guide category's card (app/styles/reels.css): its picture, its name and how
 * many it holds, in its section's words. `emptyBadge` marks one visitors see nothing of (only the
 * owner is shown such a category); a reel category's card also shows its description.
 */
export function CategoryCard({
  item,
  count,
  emptyBadge,
  description,
}: {
  item: { categoryNm: string; isView: boolean; picture: Picture | null };
  count: string;
  emptyBadge: string | null;
  description?: string;
}) {
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
          {count}
          {emptyBadge ? <span className="badge badge--empty">{emptyBadge}</span> : null}
        </p>
        {description ? <p className="category-card__description">{description}</p> : null}
      </div>
    </div>
  );
}
