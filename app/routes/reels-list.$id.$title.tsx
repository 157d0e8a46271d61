import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { DeleteConfirmation, DeleteSelectionForm, Selectable } from "~/components/ListDeletion";
import { EditLink, ListModeBar, listModeOf, type ListMode } from "~/components/ListModeBar";
import { SearchBar } from "~/components/SearchBar";
import { ko } from "~/copy/ko";
import { pickPartnerAd } from "~/features/ads/ads.server";
import { PartnerAd } from "~/features/ads/components/PartnerAd";
import { ReelCard } from "~/features/reels/components/ReelCard";
import { searchKeyword } from "~/features/reels/keyword.server";
import { deleteReels, describeReelDeletion, listReels, type ReelItem } from "~/features/reels/reels.server";
import { handleListDelete } from "~/lib/list-delete.server";
import { orNotFoundPage } from "~/lib/page.server";
import { categoryPath, editPath, editTagNow, positiveId, reelPath, registerPath } from "~/lib/route-info";
import { pageMeta } from "~/lib/seo";
import { currentAdmin } from "~/lib/session.server";

const DELETE_FORM = "reel-delete";

export const meta: MetaFunction<typeof loader> = (args) =>
  args.data
    ? pageMeta(args, {
        title: args.data.category.categoryNm,
        description: args.data.category.description || ko.home.reelsDescription,
        image: args.data.category.image,
        canonicalPath: categoryPath(args.data.category),
      })
    : pageMeta(args, { title: ko.errors.notFoundTitle, noindex: true });

function categoryIdOf(param: string | undefined) {
  const id = positiveId(param);
  if (id === null) throw new Response("Not found", { status: 404 });
  return id;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await currentAdmin({ request, context });
  const categoryId = categoryIdOf(params.id);
  const keyword = searchKeyword(request);
  return orNotFoundPage(() => {
    const { category, count, reels } = listReels(admin, categoryId, keyword);
    return {
      isAdmin: admin !== null,
      mode: listModeOf(request, admin !== null),
      category,
      keyword: keyword ?? "",
      count,
      reels,
      ad: pickPartnerAd(),
      editTag: editTagNow(),
    };
  });
}

export function action({ request, params }: ActionFunctionArgs) {
  const categoryId = categoryIdOf(params.id);
  return handleListDelete(request, {
    describe: describeReelDeletion,
    remove: deleteReels,
    redirectTo: `/reels-list/${categoryId}/${encodeURIComponent(params.title ?? "")}`,
  });
}

function ReelEntry({ item, mode, editTag, title }: { item: ReelItem; mode: ListMode; editTag: string; title: string }) {
  if (mode === "edit") {
    const payload = {
      id: item.id,
      mediaId: item.mediaId,
      reelsNm: item.reelsNm,
      instaRegDate: item.instaRegDate,
      image: item.image,
      reelsCategoryId: item.categoryId,
      title,
    };
    return (
      <EditLink to={editPath("reels-upsert", editTag, payload)}>
        <ReelCard item={item} />
      </EditLink>
    );
  }
  if (mode === "delete") {
    return (
      <Selectable formId={DELETE_FORM} id={item.id} label={item.reelsNm}>
        <ReelCard item={item} />
      </Selectable>
    );
  }
  return (
    <Link className="list-item-link list-item-link--plain" to={reelPath(item)}>
      <ReelCard item={item} />
    </Link>
  );
}

export default function ReelsList() {
  const { isAdmin, mode, category, keyword, count, reels, ad, editTag } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const basePath = location.pathname;
  const deleteAction = `${basePath}?mode=delete`;
  return (
    <div className={mode === "delete" ? "list-page list-page--deleting" : "list-page"}>
      <h1 className="page-title">{category.categoryNm}</h1>
      <SearchBar
        label={ko.reels.listSearchLabel}
        placeholder={ko.reels.listSearchPlaceholder}
        defaultValue={keyword}
        hidden={mode === "normal" ? {} : { mode }}
      />
      <div className="list-summary">
        <p className="list-total" aria-live="polite">
          {ko.reels.total(count)}
        </p>
        {isAdmin ? (
          <ListModeBar
            mode={mode}
            basePath={basePath}
            registerHref={registerPath("reels-upsert", { title: category.categoryNm, reelsCategoryId: category.index })}
            deleteFormId={DELETE_FORM}
          />
        ) : null}
      </div>
      {mode === "delete" ? <DeleteSelectionForm id={DELETE_FORM} action={deleteAction} error={actionData?.formError} /> : null}
      {actionData?.review ? <DeleteConfirmation review={actionData.review} action={deleteAction} /> : null}
      {reels.length === 0 ? (
        <p className="empty">{ko.reels.noReels}</p>
      ) : (
        <ul className={reels.length <= 2 ? "reel-grid reel-grid--centered" : "reel-grid"}>
          {reels.map((item) => (
            <li key={item.id}>
              <ReelEntry item={item} mode={mode} editTag={editTag} title={category.categoryNm} />
            </li>
          ))}
        </ul>
      )}
      <PartnerAd ad={ad} variant="frame" />
    </div>
  );
}
