import type { MetaDescriptor } from "@remix-run/node";
import { SHARE_IMAGE_SIZE } from "./upload-names";

export { SHARE_IMAGE_SIZE };

/** The site's own share image, for pages without a picture of their own. */
const DEFAULT_SHARE_IMAGE = { src: "/share-default.png", ...SHARE_IMAGE_SIZE };

export type MetaArgs = {
  location: { pathname: string; search: string };
  matches: readonly ({ id: string; data: unknown } | undefined)[];
  /** The page's loader data: its `preload` (app/lib/pictures.server.ts, picturePreload) goes in the head. */
  data?: unknown;
};

/** What the root loader gives every page of the site's identity (features/settings, shellIdentity), as previews read it. */
type RootIdentity = { name: string; intro: string; shareImage: string | null };

function rootData(matches: MetaArgs["matches"]) {
  return matches.find((match) => match?.id === "root")?.data as { origin?: string; site?: RootIdentity } | undefined;
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
  const root = rootData(matches);
  // The site's name, introduction and picture are the owner's (사이트 설정), read by the root loader.
  const siteName = root?.site?.name ?? "";
  const title = page.title ? `${page.title} | ${siteName}` : siteName;
  if (page.noindex) return [{ title }, { name: "robots", content: "noindex" }];
  const origin = root?.origin ?? "";
  const description = (page.description ?? root?.site?.intro ?? "").replace(/\s+/g, " ").trim().slice(0, 160);
  const url = `${origin}${page.canonicalPath ?? location.pathname}`;
  // A page without a picture of its own is shared with the owner's profile picture (its 2:1 share image), else the site's.
  const fallbackImage = root?.site?.shareImage ? { src: root.site.shareImage, ...SHARE_IMAGE_SIZE } : DEFAULT_SHARE_IMAGE;
  const image = `${origin}${(page.image ?? fallbackImage.src).split("?")[0]}`;
  const imageSize = page.image ? page.imageSize : fallbackImage;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:locale", content: "ko_KR" },
    { property: "og:title", content: page.title ?? siteName },
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
    { name: "twitter:title", content: page.title ?? siteName },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    ...((data as { preload?: MetaDescriptor[] } | undefined)?.preload ?? []),
  ];
}
