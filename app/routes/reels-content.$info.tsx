import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ko } from "~/copy/ko";
import { koServer } from "~/copy/ko-server.server";
import { pickPartnerAd } from "~/features/ads/ads.server";
import { PartnerAd } from "~/features/ads/components/PartnerAd";
import { getHomeMenu, sectionPage } from "~/features/home/home.server";
import { reelViewBeaconPath, ViewBeacon } from "~/features/insights/components/ViewBeacon";
import { getCategory } from "~/features/reels/categories.server";
import { ReelNeighbourLinks, ReelSwipeArea } from "~/features/reels/components/ReelNeighbours";
import { ReelPlayer } from "~/features/reels/components/ReelPlayer";
import { getReelContent } from "~/features/reels/reel-links.server";
import { getReelNeighbours } from "~/features/reels/reel-lists.server";
import { refusalOf } from "~/lib/errors";
import { picturePreload, pictureOf, singleSize } from "~/lib/pictures.server";
import { routeFacts } from "~/lib/route-facts";
import { categoryPath, decodeInfo, infoId, reelPath, reelShortPath } from "~/lib/route-info";
import { pageMeta, SHARE_IMAGE_SIZE } from "~/lib/seo";
import { currentAdmin } from "~/lib/session.server";
import { shareImageUrl, uploadIsMissing } from "~/lib/uploads.server";
import adsStyles from "~/styles/ads.css";
import reelPlayerStyles from "~/styles/reel-player.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: adsStyles },
  { rel: "stylesheet", href: reelPlayerStyles },
];

export const handle = routeFacts({ access: "public", cache: true, sitemap: true, section: "reels", jsBudgetKiB: 100 });

export const meta: MetaFunction<typeof loader> = (args) => {
  const reel = args.data?.reel;
  if (!reel) return pageMeta(args, { title: ko.reels.notExist, noindex: true });
  return pageMeta(args, {
    title: reel.reelsNm,
    description: reel.caption || ko.home.reelsDescription,
    // The 2:1 share image; a reel without one (docs/architecture.md §5) shows its poster as before.
    ...(args.data?.shareImage
      ? { image: args.data.shareImage, imageSize: SHARE_IMAGE_SIZE }
      : { image: args.data?.posterMissing ? null : reel.image }),
    type: "video.other",
    canonicalPath: reelPath(reel),
  });
};

/** The widest size the video takes as its poster: the poster is 343–420 px wide on a phone, 800 px is 2–2.3 of its pixels per px. */
const VIDEO_POSTER_WIDTH = 800;

/**
 * The 9:16 poster without its video (app/styles/reel-player.css): the content's width, at most
 * 420 px, and no taller than 78% of the screen (then 43.875vh wide).
 */
const POSTER = { sizes: "min(100vw - 32px, 420px, 43.875vh)", box: { width: 540, height: 960 } };

/**
 * Old shared links keep working: `info` is decoded defensively and only its id is used. Nothing
 * else from the URL is shown, so a crafted link cannot put its words on the site, and a payload
 * other than the one the site writes today (an old name, an older link's fields, or made up) is
 * sent for good to the reel's own address: each reel is one page, and a flood of made-up payloads
 * is a flood of redirects, which no cache keeps (docs/architecture.md §7.3).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await currentAdmin({ request, context });
  const { hiddenNotice } = sectionPage(admin, "reels");
  const id = infoId(decodeInfo(params.info));
  // The not-found page is headed by the reels section's name, as the owner set it.
  const missing = async () =>
    data(
      {
        reel: null,
        category: null,
        hiddenNotice,
        posterMissing: false,
        picture: null,
        poster: null,
        preload: [],
        shareImage: null,
        previousPath: null,
        nextPath: null,
        ad: await pickPartnerAd({ context, request }, "banner"),
        sectionTitle: getHomeMenu().reelsMenuNm,
      },
      { status: 404 },
    );
  if (id === null) return missing();
  try {
    const reel = await getReelContent(admin, id);
    if (new URL(request.url).pathname !== reelPath(reel)) throw toReelPath(reel);
    const { previous, next } = getReelNeighbours(reel.id);
    const category = getCategory(admin, reel.categoryId);
    const [posterMissing, shareImage] = await Promise.all([uploadIsMissing(reel.image), shareImageUrl(reel.image)]);
    const shown = posterMissing ? null : reel.image;
    // The page's largest picture: the video's poster, or the poster alone when Instagram withholds the video.
    const [picture, poster] = shown
      ? await Promise.all([pictureOf(shown, POSTER, !reel.link), singleSize(shown, VIDEO_POSTER_WIDTH)])
      : [null, null];
    return {
      reel,
      // "카테고리로": the way back to the list, for a parent who came straight from a shared /r/ link.
      category: { path: categoryPath(category), label: koServer.toCategory(category.categoryNm) },
      hiddenNotice,
      posterMissing,
      picture,
      poster,
      preload: picturePreload(reel.link ? poster : picture),
      shareImage,
      previousPath: previous && reelPath(previous),
      nextPath: next && reelPath(next),
      ad: await pickPartnerAd({ context, request }, "banner"),
      sectionTitle: null,
      // The share dialog (root) shares the short address of a page that names one.
      sharePath: reelShortPath(reel),
    };
  } catch (error) {
    // A reel deleted or hidden since the link was shared: the page says so, with the section around it.
    if (refusalOf(error).status === 404) return missing();
    throw error;
  }
}

/** Browsers keep the redirect for an hour only: a reel can be renamed back. */
function toReelPath(reel: Parameters<typeof reelPath>[0]) {
  return redirect(reelPath(reel), { status: 301, headers: { "Cache-Control": "public, max-age=3600" } });
}

export default function ReelContentPage() {
  const { reel, category, picture, poster, previousPath, nextPath, ad, sectionTitle } = useLoaderData<typeof loader>();
  if (!reel || !category) {
    return (
      <section className="reel-content">
        <h1 className="page-title">{sectionTitle}</h1>
        <p className="empty" role="status">
          {ko.reels.notExist}
        </p>
        <PartnerAd ad={ad} />
      </section>
    );
  }
  return (
    <article className="reel-content">
      <p className="reel-content__category">
        <Link to={category.path}>
          <span aria-hidden="true">‹ </span>
          {category.label}
        </Link>
      </p>
      <h1 className="reel-content__title">{reel.reelsNm}</h1>
      <ViewBeacon src={reelViewBeaconPath(reel.id)} />
      <ReelSwipeArea previousPath={previousPath} nextPath={nextPath}>
        {/* Keyed: going to a neighbour starts a fresh player, not the last reel's link and failure state. */}
        <ReelPlayer key={reel.id} reel={reel} picture={picture} poster={poster} />
      </ReelSwipeArea>
      <ReelNeighbourLinks previousPath={previousPath} nextPath={nextPath} />
      {reel.caption ? <pre className="reel-content__caption">{reel.caption}</pre> : null}
      <PartnerAd ad={ad} />
    </article>
  );
}
