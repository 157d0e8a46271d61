import { Link } from "@remix-run/react";
import { CardImage } from "~/components/Picture";
import { ko } from "~/copy/ko";
import type { Picture } from "~/lib/picture";
import { productPath } from "~/lib/route-info";
import type { ProductView } from "../product-view.server";
import type { ProductItem } from "../products.server";

// A product's card and the parts its own page shares. What they say (the state, prices, buttons) is
// put together on the server at the moment of the request (product-view.server.ts): these only lay
// it out, so the pages' JavaScript carries none of it.

/** What a card or a product's page shows of a product: its fields, its picture, and its words at this moment. */
export type ShownProduct = Pick<ProductItem, "index" | "productNm" | "description" | "isView" | "groupBuyNote"> & {
  picture: Picture | null;
  view: ProductView;
};

/**
 * docs/product.md §2, §4: the buttons of this moment, each named with the product it is for (a list
 * has several 구매하기), sending the whole page on.
 */
export function ProductButtons({ item }: { item: ShownProduct }) {
  return item.view.buttons.length ? (
    <div className="product-card__buttons">
      {item.view.buttons.map((button) => (
        <a
          key={button.href}
          className={`button button--small${button.primary ? " button--primary" : ""}`}
          href={button.href}
          rel={button.rel}
        >
          {button.label}
          <span className="visually-hidden"> · {item.productNm}</span>
        </a>
      ))}
    </div>
  ) : null;
}

/**
 * A group buy's terms (docs/product.md §4): the state in words and when it opens or closes, the list
 * price struck through beside the group-buy price with the discount, and its one-line condition.
 */
export function ProductTerms({ item }: { item: ShownProduct }) {
  const { groupBuy, prices, discount } = item.view;
  return (
    <>
      {groupBuy ? (
        <p className={`group-buy-state group-buy-state--${groupBuy.status}`}>
          <strong>{groupBuy.state}</strong> {groupBuy.when}
        </p>
      ) : null}
      {prices.length ? (
        <p className="product-price">
          {prices.map((line) => (
            <span key={line.label}>
              {line.label} {line.struck ? <del>{line.amount}</del> : <strong>{line.amount}</strong>}
            </span>
          ))}
          {discount ? <em>{discount}</em> : null}
        </p>
      ) : null}
      {item.groupBuyNote ? <p className="product-card__note">{item.groupBuyNote}</p> : null}
    </>
  );
}

/**
 * A product's card on the list: on a group buy the disclosure above everything (the Fair Trade
 * Commission's guideline: at the top, in plain words), then the picture, the name linking to the
 * product's own page, its terms, text and buttons. Past group buys are greyed (products.css).
 */
export function ProductCard({ item, interactive = true }: { item: ShownProduct; interactive?: boolean }) {
  const { groupBuy } = item.view;
  return (
    <div className={`product-card${item.isView ? "" : " product-card--hidden"}${groupBuy ? ` product-card--${groupBuy.status}` : ""}`}>
      {/* In the owner's list modes the card is one link or a ticked box named by what it shows: her product's name first. */}
      {groupBuy ? (
        <p className="product-card__disclosure" aria-hidden={interactive ? undefined : true}>
          {groupBuy.disclosure}
        </p>
      ) : null}
      <CardImage className="product-card__image" picture={item.picture} name={item.productNm} alt={ko.products.imageAlt(item.productNm)} />
      <div className="product-card__body">
        <h3 className="product-card__name">
          {interactive ? <Link to={productPath(item.index)}>{item.productNm}</Link> : item.productNm}
          {item.isView ? null : <span className="badge">{ko.list.hidden}</span>}
        </h3>
        <ProductTerms item={item} />
        {item.description ? <p className="product-card__description">{item.description}</p> : null}
        {interactive ? <ProductButtons item={item} /> : null}
      </div>
    </div>
  );
}
