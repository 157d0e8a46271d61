import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmStep } from "~/components/ConfirmStep";
import { FormError } from "~/components/FormErrors";
import { ListModeBar, listModeOf, type ListMode } from "~/components/ListModeBar";
import { ko } from "~/copy/ko";
import { pickPartnerAd } from "~/features/ads/ads.server";
import { AffiliateDisclosure, PartnerAd } from "~/features/ads/components/PartnerAd";
import { ProductCard } from "~/features/products/components/ProductCard";
import { deleteProducts, listProducts, productNames, type ProductItem } from "~/features/products/products.server";
import { selectionSchema } from "~/features/products/schema";
import { isAppError } from "~/lib/errors";
import { redirectWithFlash } from "~/lib/flash.server";
import { encodeInfo, REGISTER_TAG } from "~/lib/route-info";
import { getAdmin } from "~/lib/session.server";

const DELETE_FORM = "product-delete";

export const meta: MetaFunction = () => [
  { title: `${ko.products.title} | ${ko.site.name}` },
  { name: "description", content: ko.home.productsDescription },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await getAdmin(request);
  return {
    isAdmin: admin !== null,
    mode: listModeOf(request, admin !== null),
    items: listProducts(admin),
    ad: pickPartnerAd(),
    now: Date.now(),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await getAdmin(request);
  if (!admin) throw redirect("/");
  const submission = parseWithZod(await request.formData(), { schema: selectionSchema });
  if (submission.status !== "success") return data({ formError: ko.list.nothingToDelete, review: null }, { status: 400 });
  const { intent, index } = submission.value;
  try {
    if (intent === "review") {
      return { formError: null, review: { names: productNames(admin, index).map((p) => p.productNm), ids: index } };
    }
    await deleteProducts(admin, index);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ formError: error.message, review: null }, { status: error.status });
  }
  return redirectWithFlash("/product-list", { message: ko.list.deleted });
}

/** SPEC §2 edit payload of a product. */
function editHref(item: ProductItem, now: number) {
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
  return `/product-upsert/${now}/${encodeInfo(payload)}`;
}

function ProductEntry({ item, mode, now }: { item: ProductItem; mode: ListMode; now: number }) {
  if (mode === "edit") {
    return (
      <Link className="list-item-link" to={editHref(item, now)} aria-label={ko.list.editItem(item.productNm)}>
        <ProductCard item={item} interactive={false} />
      </Link>
    );
  }
  if (mode === "delete") {
    return (
      <label className="selectable">
        <input type="checkbox" name="index" value={item.index} form={DELETE_FORM} aria-label={ko.list.select(item.productNm)} />
        <ProductCard item={item} interactive={false} />
      </label>
    );
  }
  return <ProductCard item={item} />;
}

function Section({ title, items, mode, now, ad }: { title: string; items: ProductItem[]; mode: ListMode; now: number; ad: React.ReactNode }) {
  return (
    <section className="product-section" aria-label={title}>
      <h2 className="product-section__title">{title}</h2>
      {ad}
      <ul className="product-grid">
        {items.map((item) => (
          <li key={item.index}>
            <ProductEntry item={item} mode={mode} now={now} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function ProductList() {
  const { isAdmin, mode, items, ad, now } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const groupBuy = items.filter((item) => item.isGroupBuy);
  const recommended = items.filter((item) => !item.isGroupBuy);
  const banner = <PartnerAd ad={ad} variant="frame" />;

  return (
    <div className={mode === "delete" ? "list-page list-page--deleting" : "list-page"}>
      <AffiliateDisclosure />
      <h1 className="page-title">{ko.products.title}</h1>
      {isAdmin ? (
        <ListModeBar mode={mode} basePath="/product-list" registerHref={`/product-upsert/${REGISTER_TAG}`} deleteFormId={DELETE_FORM} />
      ) : null}
      {mode === "delete" ? (
        <Form method="post" id={DELETE_FORM} action="/product-list?mode=delete">
          <FormError id="product-delete-error" errors={actionData?.formError ? [actionData.formError] : undefined} />
        </Form>
      ) : null}
      {items.length === 0 ? (
        <p className="empty">{ko.products.empty}</p>
      ) : (
        <>
          {groupBuy.length > 0 ? <Section title={ko.products.groupBuy} items={groupBuy} mode={mode} now={now} ad={banner} /> : null}
          <Section title={ko.products.recommend} items={recommended} mode={mode} now={now} ad={banner} />
        </>
      )}
      {actionData?.review ? (
        <ConfirmStep
          key={actionData.review.ids.join(",")}
          question={ko.list.confirmDelete}
          fields={actionData.review.ids.map((id) => ["index", String(id)])}
          cancelHref="/product-list?mode=delete"
          action="/product-list?mode=delete"
        >
          <ul className="change-summary">
            {actionData.review.names.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </ConfirmStep>
      ) : null}
    </div>
  );
}
