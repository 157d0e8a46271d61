import { CardImage, CardName } from "~/components/Picture";
import { ko } from "~/copy/ko";
import { koGuides } from "~/copy/ko-guides";
import type { Picture } from "~/lib/picture";
import type { GuideCategoryItem } from "../categories.server";

/** A guide category's card, drawn as the reel categories' are (app/styles/reels.css). */
export function GuideCategoryCard({ item }: { item: GuideCategoryItem & { picture: Picture | null } }) {
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
          {koGuides.guidesCount(item.count)}
          {/* Only the owner is shown a category visitors cannot read a guide of. */}
          {item.count === 0 ? <span className="badge badge--empty">{koGuides.noGuidesBadge}</span> : null}
        </p>
      </div>
    </div>
  );
}
