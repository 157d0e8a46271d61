import { koServer } from "~/copy/ko-server.server";
import { currentSiteIdentity } from "./site-settings.server";

/**
 * What every page's shell shows of the site's identity (the root loader's `site`): the header's name
 * and picture, the footer's links and line, and what previews and the home page read. Words only,
 * as data: no page's JavaScript carries any of them (docs/architecture.md §2.7).
 */
export function shellIdentity(shown: { reels: boolean; products: boolean }) {
  const identity = currentSiteIdentity();
  return {
    name: identity.name,
    intro: identity.intro ?? koServer.site.introduction(shown),
    handle: identity.handle,
    profileImage: identity.profileImage,
    avatar: identity.avatar,
    shareImage: identity.shareImage,
    footerLinks: identity.footerLinks,
    copyright: koServer.site.copyright(new Date().getFullYear(), identity.copyrightHolder),
  };
}

export type ShellIdentity = ReturnType<typeof shellIdentity>;
