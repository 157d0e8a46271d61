import type { MetaDescriptor } from "@remix-run/node";
import { ko } from "~/copy/ko";
import { SHARE_IMAGE_SIZE } from "./upload-names";

export { SHARE_IMAGE_SIZE };

/** The site's own share image, for pages without a picture of their own. */
const DEFAULT_SHARE_IMAGE = { src: "/share-default.png", ...SHARE_IMAGE_SIZE };

type MetaArgs = {
  location: { pathname: string; search: string };
  matches: readonly ({ id: string; data: unknown } | undefined)[];
  /** The page's loader data: its `preload` (app/lib/pictures.server.ts, picturePreload) goes in the head. */
  data?: unknown;
};

function siteOrigin(matches: MetaArgs["matches"]) {
  const root = matches.find((match) => match?.id === "root")?.data as { origin?: string } | undefined;
  return root?.origin ?? "";
}

/**
 * Title, description, canonical URL, Open Graph and Twitter card tags with an absolute image, so a
 * shared link shows a rich preview. `noindex` pages (admin, login) get only a title.
 */
export function pageMeta(
  { location, matches, data }: MetaArgs,
  page: {
    title?: string;
    description?: string;
    image?: string | null;
    /** The image's size when it is known, for og:image:width / og:image:height. */
    imageSize?: { width: number; height: number };
    type?: string;
    noindex?: boolean;
    /** The page's own path when the requested one may differ (renamed titles, old encodings). */
    canonicalPath?: string;
  },
): MetaDescriptor[] {
  const title = page.title ? `${page.title} | ${ko.site.name}` : ko.site.name;
  if (page.noindex) return [{ title }, { name: "robots", content: "noindex" }];
  const origin = siteOrigin(matches);
  const description = (page.description ?? ko.site.description).replace(/\s+/g, " ").trim().slice(0, 160);
  const url = `${origin}${page.canonicalPath ?? location.pathname}`;
  const image = page.image ? `${origin}${page.image.split("?")[0]}` : `${origin}${DEFAULT_SHARE_IMAGE.src}`;
  const imageSize = page.image ? page.imageSize : DEFAULT_SHARE_IMAGE;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: ko.site.name },
    { property: "og:locale", content: "ko_KR" },
    { property: "og:title", content: page.title ?? ko.site.name },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    ...(imageSize
      ? [
          { property: "og:image:width", content: String(imageSize.width) },
          { property: "og:image:height", content: String(imageSize.height) },
        ]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title ?? ko.site.name },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    ...((data as { preload?: MetaDescriptor[] } | undefined)?.preload ?? []),
  ];
}
