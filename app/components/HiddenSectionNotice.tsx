import { useMatches } from "@remix-run/react";

export type HiddenNotice = { badge: string; text: string; link: string };

/**
 * What the owner reads at the top of a page of a menu she hid on /home-update (inside <main>):
 * visitors get the 404 page there (DESIGN §10 "Hidden menus"), and the link takes her to where she
 * shows it again. The page's loader hands the words over as `hiddenNotice` (sectionPage,
 * features/home), so no page carries this code or its words in visitors' JavaScript.
 */
export function HiddenSectionNotice() {
  const notice = (useMatches().at(-1)?.data as { hiddenNotice?: HiddenNotice | null } | undefined)?.hiddenNotice;
  if (!notice) return null;
  return (
    <p className="hidden-notice" role="note">
      <strong>{notice.badge}</strong> {notice.text} <a href="/home-update">{notice.link}</a>
    </p>
  );
}
