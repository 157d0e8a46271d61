import { ko } from "~/copy/ko";
import type { ProductItem } from "../products.server";

/** SPEC §2: a button shows only when both its label and its link are present. */
function ProductButton({ name, link, primary }: { name: string | null; link: string | null; primary?: boolean }) {
  if (!name || !link) return null;
  return (
    <a className={primary ? "button button--small button--primary" : "button button--small"} href={link} rel="sponsored noopener noreferrer">
      {name}
    </a>
  );
}

export function ProductCard({ item, interactive = true }: { item: ProductItem; interactive?: boolean }) {
  return (
    <article className={item.isView ? "product-card" : "product-card product-card--hidden"}>
      {item.image ? (
        <img className="product-card__image" src={item.image} alt={ko.products.imageAlt(item.productNm)} width={400} height={400} loading="lazy" />
      ) : (
        <div className="product-card__image product-card__image--empty" aria-hidden="true" />
      )}
      <div className="product-card__body">
        <h3 className="product-card__name">
          {item.productNm}
          {item.isView ? null : <span className="badge">{ko.list.hidden}</span>}
        </h3>
        {item.description ? <p className="product-card__description">{item.description}</p> : null}
        {interactive && (item.leftLink || item.rightLink) ? (
          <div className="product-card__buttons">
            <ProductButton name={item.leftButtonNm} link={item.leftLink} primary />
            <ProductButton name={item.rightButtonNm} link={item.rightLink} />
          </div>
        ) : null}
      </div>
    </article>
  );
}
