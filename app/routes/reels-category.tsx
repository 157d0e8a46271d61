import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { DeleteConfirmation, DeleteSelectionForm, Selectable } from "~/components/ListDeletion";
import { EditLink, ListModeBar, listModeOf, type ListMode } from "~/components/ListModeBar";
import { SearchBar } from "~/components/SearchBar";
import { ko } from "~/copy/ko";
import { pickPartnerAd } from "~/features/ads/ads.server";
import { PartnerAd } from "~/features/ads/components/PartnerAd";
import { getHomeMenu } from "~/features/home/home.server";
import { deleteCategories, describeCategoryDeletion, listCategories, type CategoryItem } from "~/features/reels/categories.server";
import { CategoryCard } from "~/features/reels/components/CategoryCard";
import { searchKeyword } from "~/features/reels/keyword.server";
import { handleListDelete } from "~/lib/list-delete.server";
import { categoryPath, editPath, editTagNow, registerPath } from "~/lib/route-info";
import { pageMeta } from "~/lib/seo";
import { currentAdmin } from "~/lib/session.server";

const DELETE_FORM = "category-delete";
const DELETE_ACTION = "/reels-category?mode=delete";

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { title: args.data?.title, description: ko.home.reelsDescription });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await currentAdmin({ request, context });
  const keyword = searchKeyword(request);
  return {
    // The owner's name for this section (/home-update), for its heading and title.
    title: getHomeMenu().reelsMenuNm,
    isAdmin: admin !== null,
    mode: listModeOf(request, admin !== null),
    keyword: keyword ?? "",
    items: listCategories(admin, keyword),
    ad: pickPartnerAd(),
    editTag: editTagNow(),
  };
}

export function action({ request }: ActionFunctionArgs) {
  return handleListDelete(request, { describe: describeCategoryDeletion, remove: deleteCategories, redirectTo: "/reels-category" });
}

function CategoryEntry({ item, mode, editTag }: { item: CategoryItem; mode: ListMode; editTag: string }) {
  if (mode === "edit") {
    const payload = {
      index: item.index,
      categoryNm: item.categoryNm,
      description: item.description,
      image: item.image,
      isView: item.isView,
    };
    return (
      <EditLink to={editPath("reels-category-upsert", editTag, payload)}>
        <CategoryCard item={item} />
      </EditLink>
    );
  }
  if (mode === "delete") {
    return (
      <Selectable formId={DELETE_FORM} id={item.index} label={item.categoryNm}>
        <CategoryCard item={item} />
      </Selectable>
    );
  }
  return (
    <Link className="list-item-link list-item-link--plain" to={categoryPath(item)} prefetch="intent">
      <CategoryCard item={item} />
    </Link>
  );
}

export default function ReelsCategory() {
  const { title, isAdmin, mode, keyword, items, ad, editTag } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const listClass = ["card-grid", mode === "edit" ? "card-grid--editing" : "", items.length === 0 ? "card-grid--empty" : ""].join(" ");
  return (
    <div className={mode === "delete" ? "list-page list-page--deleting" : "list-page"}>
      <h1 className="page-title">{title}</h1>
      <SearchBar
        label={ko.reels.searchLabel}
        placeholder={ko.reels.searchPlaceholder}
        defaultValue={keyword}
        hidden={mode === "normal" ? {} : { mode }}
      />
      {isAdmin ? (
        <ListModeBar
          mode={mode}
          basePath="/reels-category"
          registerHref={registerPath("reels-category-upsert")}
          deleteFormId={DELETE_FORM}
        />
      ) : null}
      {mode === "delete" ? <DeleteSelectionForm id={DELETE_FORM} action={DELETE_ACTION} error={actionData?.formError} /> : null}
      {actionData?.review ? <DeleteConfirmation review={actionData.review} action={DELETE_ACTION} /> : null}
      {items.length === 0 ? (
        <p className={`empty ${listClass}`}>{keyword ? ko.reels.noSearchResult : ko.reels.noCategories}</p>
      ) : (
        <ul className={listClass}>
          {items.map((item) => (
            <li key={item.index}>
              <CategoryEntry item={item} mode={mode} editTag={editTag} />
            </li>
          ))}
          <li className="card-grid__ad">
            <PartnerAd ad={ad} variant="banner" />
          </li>
        </ul>
      )}
    </div>
  );
}
