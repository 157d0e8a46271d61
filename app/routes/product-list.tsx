import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DeleteConfirmation, DeleteSelectionForm, Selectable } from "~/components/ListDeletion";
import { EditLink, ListModeBar, listModeOf, type ListMode } from "~/components/ListModeBar";
import { OrderButtons } from "~/components/OrderButtons";
import { ko } from "~/copy/ko";
import { pickPartnerAd } from "~/features/ads/ads.server";
import { AffiliateDisclosure, PartnerAd } from "~/features/ads/components/PartnerAd";
import { getHomeMenu } from "~/features/home/home.server";
import { ProductCard } from "~/features/products/components/ProductCard";
import { deleteProducts, listProducts, moveProduct, productNames, type ProductItem } from "~/features/products/products.server";
import { requireAdminAction } from "~/lib/admin-form.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { deleteFailed, deleteReview, readDeleteSelection } from "~/lib/list-delete.server";
import { moveFromPage } from "~/lib/list-order.server";
import { readPageForm } from "~/lib/page.server";
import { routeFacts } from "~/lib/route-facts";
import { editPath, editTagNow, registerPath } from "~/lib/route-info";
import { pageMeta } from "~/lib/seo";
import { currentAdmin } from "~/lib/session.server";
import adsStyles from "~/styles/ads.css";
import listsStyles from "~/styles/lists.css";
import productsStyles from "~/styles/products.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: adsStyles },
  { rel: "stylesheet", href: productsStyles },
  { rel: "stylesheet", href: listsStyles },
];

export const handle = routeFacts({ access: "public", cache: true, sitemap: true, jsBudgetKiB: 100 });

const DELETE_FORM = "product-delete";
const DELETE_ACTION = "/product-list?mode=delete";
const EDIT_PATH = "/product-list?mode=edit";

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { title: args.data?.title, description: ko.home.productsDescription });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await currentAdmin({ request, context });
  return {
    // The owner's name for this section (/home-update), for its heading and title.
    title: getHomeMenu().productsMenuNm,
    isAdmin: admin !== null,
    mode: listModeOf(request, admin !== null),
    items: listProducts(admin),
    ad: pickPartnerAd(),
    editTag: editTagNow(),
  };
}

/** Edit mode's "위로"/"아래로" posts (to `?mode=edit`), and delete mode's review and confirm posts. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  if (listModeOf(request, true) === "edit") {
    return moveFromPage(await readPageForm(request), EDIT_PATH, (id, direction) => moveProduct(admin, id, direction));
  }
  const selection = await readDeleteSelection(request);
  if (!selection.ok) return selection.reply;
  const { intent, ids } = selection;
  try {
    if (intent === "review") {
      const names = productNames(admin, ids).map((product) => product.productNm);
      return deleteReview(ids, names);
    }
    await deleteProducts(admin, ids);
  } catch (error) {
    return deleteFailed(error);
  }
  return redirectWithFlash("/product-list", { message: ko.list.deleted });
}

/** docs/product.md §2 edit payload of a product. */
function editHref(item: ProductItem, tag: string) {
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

type Place = { isFirst: boolean; isLast: boolean };

function ProductEntry({ item, mode, editTag, place }: { item: ProductItem; mode: ListMode; editTag: string; place: Place }) {
  if (mode === "edit") {
    return (
      <>
        <EditLink to={editHref(item, editTag)}>
          <ProductCard item={item} interactive={false} eager={place.isFirst} />
        </EditLink>
        <OrderButtons action={EDIT_PATH} id={item.index} name={item.productNm} {...place} />
      </>
    );
  }
  if (mode === "delete") {
    return (
      <Selectable formId={DELETE_FORM} id={item.index} label={item.productNm}>
        <ProductCard item={item} interactive={false} eager={place.isFirst} />
      </Selectable>
    );
  }
  return <ProductCard item={item} eager={place.isFirst} />;
}

function Section({
  title,
  items,
  mode,
  editTag,
  ad,
}: {
  title: string;
  items: ProductItem[];
  mode: ListMode;
  editTag: string;
  ad: React.ReactNode;
}) {
  return (
    <section className="product-section" aria-label={title}>
      <h2 className="product-section__title">{title}</h2>
      {ad}
      <ul className="product-grid">
        {items.map((item, at) => (
          <li key={item.index}>
            <ProductEntry item={item} mode={mode} editTag={editTag} place={{ isFirst: at === 0, isLast: at === items.length - 1 }} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function ProductList() {
  const { title, isAdmin, mode, items, ad, editTag } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const groupBuy = items.filter((item) => item.isGroupBuy);
  const recommended = items.filter((item) => !item.isGroupBuy);
  const banner = <PartnerAd ad={ad} variant="frame" />;

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
          {groupBuy.length > 0 ? <Section title={ko.products.groupBuy} items={groupBuy} mode={mode} editTag={editTag} ad={banner} /> : null}
          <Section title={ko.products.recommend} items={recommended} mode={mode} editTag={editTag} ad={banner} />
        </>
      )}
    </div>
  );
}
