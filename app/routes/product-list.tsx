import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { DeleteConfirmation, DeleteSelectionForm, Selectable } from "~/components/ListDeletion";
import { ListModeBar, type ListMode } from "~/components/ListModeBar";
import { ko } from "~/copy/ko";
import { AffiliateDisclosure } from "~/features/ads/components/AffiliateDisclosure";
import { PartnerAd } from "~/features/ads/components/PartnerAd";
import { ProductCard } from "~/features/products/components/ProductCard";
import { loadProductListPage, productListPageAction, type ProductListItem } from "~/features/products/list-page.server";
import { PRODUCT_EDIT_PATH } from "~/features/products/paths";
import { routeFacts } from "~/lib/route-facts";
import { editPath, registerPath } from "~/lib/route-info";
import { pageMeta } from "~/lib/seo";
import adsStyles from "~/styles/ads.css";
import listsStyles from "~/styles/lists.css";
import productsStyles from "~/styles/products.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: adsStyles },
  { rel: "stylesheet", href: productsStyles },
  { rel: "stylesheet", href: listsStyles },
];

export const handle = routeFacts({ access: "public", cache: true, sitemap: true, section: "products", jsBudgetKiB: 100 });

const DELETE_FORM = "product-delete";
const DELETE_ACTION = "/product-list?mode=delete";

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { title: args.data?.title, description: ko.home.productsDescription });

export const loader = (args: LoaderFunctionArgs) => loadProductListPage(args);

export const action = (args: ActionFunctionArgs) => productListPageAction(args);

/** docs/product.md §2 edit payload of a product. */
function editHref(item: ProductListItem, tag: string) {
  const payload = {
    id: item.index,
    productsNm: item.productNm,
    description: item.description,
    image: item.image,
    isGroupBuy: item.isGroupBuy,
    isLeft: item.isLeft,
    isRight: item.isRight,
    leftButtonNm: item.leftButtonNm,
    rightButtonNm: item.rightButtonNm,
    leftLink: item.leftLink,
    rightLink: item.rightLink,
  };
  return editPath("product-upsert", tag, payload);
}

/** Edit mode's rows, the owner's only: loaded when she opens it, never with a visitor's page. */
const EditRows = lazy(() => import("~/components/EditRows"));

/** The owner's words under a group buy's row in edit mode: its state, window and clicks by source (docs/product.md §4). */
function ownerReport(report: ProductListItem["report"]) {
  return report ? (
    <>
      <strong>{report.state}</strong> {report.window}
      <br />
      {report.summary}
    </>
  ) : undefined;
}

function ProductEntry({ item, mode }: { item: ProductListItem; mode: ListMode }) {
  if (mode === "delete") {
    return (
      <Selectable formId={DELETE_FORM} id={item.index} label={item.productNm}>
        <ProductCard item={item} interactive={false} />
      </Selectable>
    );
  }
  return <ProductCard item={item} />;
}

function Section({
  title,
  items,
  mode,
  editTag,
  ad,
}: {
  title: string;
  items: ProductListItem[];
  mode: ListMode;
  editTag: string;
  ad: React.ReactNode;
}) {
  return (
    <section className="product-section" aria-label={title}>
      <h2 className="product-section__title">{title}</h2>
      {ad}
      {mode === "edit" ? (
        <Suspense fallback={null}>
          <EditRows
            action={PRODUCT_EDIT_PATH}
            label={title}
            rows={items.map((item, at) => ({
              id: item.index,
              name: item.productNm,
              picture: item.picture,
              editHref: editHref(item, editTag),
              badges: item.isView ? [] : [ko.list.hidden],
              note: ownerReport(item.report),
              isFirst: at === 0,
              isLast: at === items.length - 1,
            }))}
          />
        </Suspense>
      ) : (
        <ul className="product-grid">
          {items.map((item) => (
            <li key={item.index}>
              <ProductEntry item={item} mode={mode} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function ProductList() {
  const { title, isAdmin, mode, items, ad, editTag, pastTitle } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const inSection = (section: ProductListItem["section"]) => items.filter((item) => item.section === section);
  const [groupBuy, recommended, past] = [inSection("groupBuy"), inSection("recommend"), inSection("past")];
  const banner = <PartnerAd ad={ad} />;
  const shared = { mode, editTag };

  return (
    <div className={mode === "delete" ? "list-page list-page--deleting" : "list-page"}>
      <AffiliateDisclosure />
      <h1 className="page-title">{title}</h1>
      {isAdmin ? (
        <ListModeBar mode={mode} basePath="/product-list" registerHref={registerPath("product-upsert")} deleteFormId={DELETE_FORM} />
      ) : null}
      {mode === "delete" ? <DeleteSelectionForm id={DELETE_FORM} action={DELETE_ACTION} error={actionData?.formError} /> : null}
      {actionData?.review ? <DeleteConfirmation review={actionData.review} action={DELETE_ACTION} /> : null}
      {items.length === 0 ? (
        <p className="empty">{ko.products.empty}</p>
      ) : (
        <>
          {groupBuy.length > 0 ? <Section title={ko.products.groupBuy} items={groupBuy} ad={banner} {...shared} /> : null}
          <Section title={ko.products.recommend} items={recommended} ad={banner} {...shared} />
          {past.length > 0 ? <Section title={pastTitle} items={past} ad={null} {...shared} /> : null}
        </>
      )}
    </div>
  );
}
