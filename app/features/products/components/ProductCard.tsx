import { CardImage, CardName } from "~/components/CardImage";
import { ko } from "~/copy/ko";
import type { ProductItem } from "../products.server";

/** SPEC §2: a button shows only when both its label and its link are present. */
function ProductButton({ name, link, primary }: { name: string | null; link: string | null; primary?: boolean }) {
  if (!name || !link) return null;
  return (
    <a
      className={primary ? "button button--small button--primary" : "button button--small"}
      href={link}
      rel="sponsored noopener noreferrer"
    >
      {name}
    </a>
  );
}

export function ProductCard({ item, interactive = true }: { item: ProductItem; interactive?: boolean }) {
  return (
    <div className={item.isView ? "product-card" : "product-card product-card--hidden"}>
      <CardImage className="product-card__image" src={item.image} name={item.productNm} alt={ko.products.imageAlt(item.productNm)} />
      <div className="product-card__body">
        <CardName as="h3" className="product-card__name" name={item.productNm} hidden={!item.isView} />
        {item.description ? <p className="product-card__description">{item.description}</p> : null}
        {interactive && (item.leftLink || item.rightLink) ? (
          <div className="product-card__buttons">
            <ProductButton name={item.leftButtonNm} link={item.leftLink} primary />
            <ProductButton name={item.rightButtonNm} link={item.rightLink} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
