import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Picture } from "~/components/Picture";
import { ko } from "~/copy/ko";
import { AffiliateDisclosure } from "~/features/ads/components/AffiliateDisclosure";
import { ProductButtons, ProductTerms } from "~/features/products/components/ProductCard";
import { loadProductPage } from "~/features/products/product-page.server";
import { routeFacts } from "~/lib/route-facts";
import { pageMeta } from "~/lib/seo";
import adsStyles from "~/styles/ads.css";
import productsStyles from "~/styles/products.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: adsStyles },
  { rel: "stylesheet", href: productsStyles },
];

export const handle = routeFacts({ access: "public", cache: true, sitemap: true, section: "products", jsBudgetKiB: 100 });

export const meta: MetaFunction<typeof loader> = (args) => {
  const data = args.data;
  if (!data) return pageMeta(args, { title: ko.products.notFound, noindex: true });
  return [
    ...pageMeta(args, {
      title: data.product.productNm,
      description: data.description || ko.home.productsDescription,
      image: data.shareImage?.src ?? null,
      imageSize: data.shareImage?.size,
      type: "product",
    }),
    { "script:ld+json": data.structuredData },
  ];
};

export const loader = (args: LoaderFunctionArgs) => loadProductPage(args);

/**
 * A product's own page (docs/product.md §2): on a group buy the disclosure stands above everything
 * (its name included), then the picture, the state, prices and condition, the buttons while parents
 * can buy (오픈 알림 받기 before it opens), the text, and the seller's details with the inquiry link.
 */
export default function ProductPage() {
  const { product, words } = useLoaderData<typeof loader>();
  const { groupBuy } = product.view;
  const hasSeller = product.sellerNm || product.sellerInfo || product.inquiryLink;
  return (
    <article className="product-page">
      {groupBuy ? <p className="product-card__disclosure">{groupBuy.disclosure}</p> : <AffiliateDisclosure />}
      <h1 className="page-title">
        {product.productNm}
        {product.isView ? null : <span className="badge">{ko.list.hidden}</span>}
      </h1>
      {product.picture ? (
        <Picture className="product-page__image" picture={product.picture} alt={ko.products.imageAlt(product.productNm)} />
      ) : null}
      <ProductTerms item={product} />
      <ProductButtons item={product} />
      {product.description ? <p className="product-page__description">{product.description}</p> : null}
      {hasSeller ? (
        <section className="card product-seller" aria-labelledby="product-seller">
          <h2 id="product-seller" className="product-seller__title">
            {words.seller}
          </h2>
          {product.sellerNm ? (
            <p>
              {words.sellerName}: {product.sellerNm}
            </p>
          ) : null}
          {product.sellerInfo ? <p className="product-seller__info">{product.sellerInfo}</p> : null}
          {product.inquiryLink ? (
            <a className="button button--small" href={product.inquiryLink} rel="noreferrer">
              {words.inquiry}
            </a>
          ) : null}
        </section>
      ) : null}
      <p>
        <Link to="/product-list">{words.backToList}</Link>
      </p>
    </article>
  );
}
