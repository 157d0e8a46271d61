import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Picture } from "~/components/Picture";
import { koGuides } from "~/copy/ko-guides";
import { PartnerAd } from "~/features/ads/components/PartnerAd";
import { GuideToc } from "~/features/guides/components/GuideArticle";
import { GuideBody } from "~/features/guides/components/GuideBody";
import { GuideStateBadge } from "~/features/guides/components/GuideCard";
import { loadGuidePage } from "~/features/guides/content-page.server";
import type { GuideContent } from "~/features/guides/guides.server";
import { guidePath } from "~/features/guides/paths";
import { guideViewBeaconPath, ViewBeacon } from "~/features/insights/components/ViewBeacon";
import { useNonce } from "~/lib/nonce";
import { routeFacts } from "~/lib/route-facts";

import { pageMeta, SHARE_IMAGE_SIZE } from "~/lib/seo";
import { useRootData } from "~/root";
import adsStyles from "~/styles/ads.css";
import guidesStyles from "~/styles/guides.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: adsStyles },
  { rel: "stylesheet", href: guidesStyles },
];

export const handle = routeFacts({ access: "public", cache: true, sitemap: true, section: "detail", jsBudgetKiB: 100 });

export const meta: MetaFunction<typeof loader> = (args) => {
  const guide = args.data?.guide;
  if (!guide) return pageMeta(args, { title: koGuides.notExist, noindex: true });
  const shareImage = args.data?.shareImage ?? null;
  return pageMeta(args, {
    title: guide.detailNm,
    description: guide.summary || args.data?.description,
    image: shareImage,
    ...(shareImage?.endsWith("-share.jpg") ? { imageSize: SHARE_IMAGE_SIZE } : {}),
    type: "article",
    canonicalPath: guidePath(guide),
  });
};

export const loader = (args: LoaderFunctionArgs) => loadGuidePage(args);

/** JSON-LD `Article` (headline, image, dates, author), what search engines read of a guide. */
function ArticleData({ guide, image }: { guide: GuideContent; image: string | null }) {
  const nonce = useNonce();
  const root = useRootData();
  const origin = root?.origin ?? "";
  const article = {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: guide.detailNm,
    description: guide.summary || undefined,
    ...(image ? { image: [`${origin}${image}`] } : {}),
    datePublished: guide.publishedIso,
    dateModified: guide.updatedIso,
    author: { "@type": "Organization", name: root?.site.name ?? "", url: `${origin}/` },
    mainEntityOfPage: `${origin}${guidePath(guide)}`,
  };
  // `<` written as \u003c, so no text of hers can close the script.
  const json = JSON.stringify(article).replace(/</g, "\\u003c");
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: json }} />;
}

export default function DetailContents() {
  const { guide, picture, shareImage, previous, next, categoryPath, ad, sectionTitle } = useLoaderData<typeof loader>();
  if (!guide) {
    return (
      <section className="guide">
        <h1 className="page-title">{sectionTitle}</h1>
        <p className="empty" role="status">
          {koGuides.notExist}
        </p>
        <PartnerAd ad={ad} />
      </section>
    );
  }
  return (
    <article className="guide">
      <ArticleData guide={guide} image={shareImage} />
      <ViewBeacon src={guideViewBeaconPath(guide.index)} />
      <p className="guide__category">{categoryPath ? <Link to={categoryPath}>{guide.categoryNm}</Link> : null}</p>
      <h1 className="guide__title">
        {guide.detailNm}
        <GuideStateBadge state={guide.state} publishAt={guide.publishAt} />
      </h1>
      <p className="guide__meta">
        {koGuides.published} <time dateTime={guide.publishedIso}>{guide.publishAt.slice(0, 10)}</time>
        {guide.updatedAt.slice(0, 10) !== guide.publishAt.slice(0, 10) ? (
          <>
            {" · "}
            {koGuides.updated} <time dateTime={guide.updatedIso}>{guide.updatedAt.slice(0, 10)}</time>
          </>
        ) : null}
        {" · "}
        {koGuides.readingMinutes(guide.readingMinutes)}
      </p>
      {picture ? <Picture className="guide__cover" picture={picture} alt={koGuides.coverAlt(guide.detailNm)} /> : null}
      {guide.summary ? <p className="guide__summary">{guide.summary}</p> : null}
      <GuideToc toc={guide.toc} />
      <GuideBody html={guide.html} />
      {previous || next ? (
        <nav className="guide-neighbours" aria-label={koGuides.neighbours}>
          {previous ? (
            <Link className="guide-neighbours__link" to={previous.path} rel="prev">
              <span className="guide-neighbours__label">{koGuides.previous}</span>
              {previous.title}
            </Link>
          ) : null}
          {next ? (
            <Link className="guide-neighbours__link guide-neighbours__link--next" to={next.path} rel="next">
              <span className="guide-neighbours__label">{koGuides.next}</span>
              {next.title}
            </Link>
          ) : null}
        </nav>
      ) : null}
      <PartnerAd ad={ad} />
    </article>
  );
}
