import { CardImage, CardName } from "~/components/Picture";
import { ko } from "~/copy/ko";
import type { Picture } from "~/lib/picture";
import type { ButtonSide, ProductItem } from "../products.server";

/**
 * docs/product.md §2: a button shows only when both its label and its link are present, and sends the whole
 * page on. A published product's button goes through the site's counting redirect to the same
 * stored link; the owner's preview of a hidden product links straight to it (nothing to count).
 */
function ProductButton({ item, side }: { item: ProductItem; side: ButtonSide }) {
  const [name, link] = side === "left" ? [item.leftButtonNm, item.leftLink] : [item.rightButtonNm, item.rightLink];
  if (!name || !link) return null;
  return (
    <a
      className={side === "left" ? "button button--small button--primary" : "button button--small"}
      href={item.isView ? `/out/product/${item.index}/${side}` : link}
      rel="sponsored noreferrer"
    >
      {name}
    </a>
  );
}

export function ProductCard({ item, interactive = true }: { item: ProductItem & { picture: Picture | null }; interactive?: boolean }) {
  return (
    <div className={item.isView ? "product-card" : "product-card product-card--hidden"}>
      <CardImage className="product-card__image" picture={item.picture} name={item.productNm} alt={ko.products.imageAlt(item.productNm)} />
      <div className="product-card__body">
        <CardName as="h3" className="product-card__name" name={item.productNm} badge={item.isView ? null : ko.list.hidden} />
        {item.description ? <p className="product-card__description">{item.description}</p> : null}
        {interactive && (item.leftLink || item.rightLink) ? (
          <div className="product-card__buttons">
            <ProductButton item={item} side="left" />
            <ProductButton item={item} side="right" />
          </div>
        ) : null}
      </div>
    </div>
  );
}
