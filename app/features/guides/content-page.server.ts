import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { koServer } from "~/copy/ko-server.server";
import { pickPartnerAd } from "~/features/ads/ads.server";
import { getHomeMenu, sectionPage } from "~/features/home/home.server";
import { refusalOf } from "~/lib/errors";
import { picturePreload, pictureOf } from "~/lib/pictures.server";
import { positiveId } from "~/lib/route-info";
import { currentAdmin } from "~/lib/session.server";
import { shareImageUrl, uploadIsMissing } from "~/lib/uploads.server";
import { getGuideContent, getGuideNeighbours } from "./guides.server";
import { guideCategoryPath, guidePath } from "./paths";
import { changesWhenNextGuideAppears } from "./section.server";

// The page door of one guide (/detail-contents/:id), in one server module of its own.

/** The cover above the text (app/styles/guides.css): the content's width, at most 690 − 32 px, 16:9. */
const COVER = { sizes: "min(100vw - 32px, 658px)", box: { width: 1280, height: 720 } };

/**
 * One guide, rendered once when it was saved: the page renders nothing. An unknown, hidden or
 * not-yet-published id is the 404 page for visitors, headed by the section's name.
 */
export async function loadGuidePage({ request, params, context }: LoaderFunctionArgs) {
  const admin = await currentAdmin({ request, context });
  const { hiddenNotice } = sectionPage(admin, "detail");
  const id = positiveId(params.id);
  const now = new Date();
  const missing = async () =>
    data(
      {
        guide: null,
        picture: null,
        preload: [],
        shareImage: null,
        previous: null,
        next: null,
        categoryPath: null,
        ad: await pickPartnerAd({ context, request }, "banner"),
        sectionTitle: getHomeMenu().detailMenuNm,
        hiddenNotice,
      },
      { status: 404 },
    );
  if (id === null) return missing();
  try {
    const guide = getGuideContent(admin, id, now);
    // Its neighbours change when the next guide of its category appears.
    changesWhenNextGuideAppears(context, now, guide.detailCategoryId);
    const { previous, next } = getGuideNeighbours(guide.index, now);
    const coverMissing = await uploadIsMissing(guide.image);
    const [picture, shareImage] = await Promise.all([
      guide.image && !coverMissing ? pictureOf(guide.image, COVER, true) : null,
      shareImageUrl(guide.image),
    ]);
    return {
      guide,
      picture,
      preload: picturePreload(picture),
      shareImage: shareImage ?? (coverMissing ? null : guide.image),
      previous: previous && { path: guidePath(previous), title: previous.detailNm },
      next: next && { path: guidePath(next), title: next.detailNm },
      categoryPath: guideCategoryPath({ index: guide.detailCategoryId, categoryNm: guide.categoryNm }),
      ad: await pickPartnerAd({ context, request }, "banner"),
      sectionTitle: null,
      hiddenNotice,
      sharePath: guidePath(guide),
      description: koServer.guides.sectionDescription,
    };
  } catch (error) {
    if (refusalOf(error).status === 404) return missing();
    throw error;
  }
}
