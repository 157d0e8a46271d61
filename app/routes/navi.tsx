import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ko } from "~/copy/ko";
import { koNavi } from "~/copy/ko-navi";
import { CHATBOT_PRIVACY_PATH } from "~/features/ai/paths";
import { routeFacts } from "~/lib/route-facts";
import { pageMeta } from "~/lib/seo";
import { useRootData } from "~/root";
import naviStyles from "~/styles/navi.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: naviStyles }];

export const handle = routeFacts({ access: "public", jsBudgetKiB: 100 });

export const meta: MetaFunction = (args) => pageMeta(args, { title: koNavi.title, noindex: true });

const labels = koNavi.links;

type Group = { title: string; items: { to: string; label: string }[] };

/** The content pages; the guides' (상세/심화 정보) only while the section is shown, under the owner's name for it. */
function contentPages(detail: { shown: boolean; name: string }): Group {
  return {
    title: koNavi.contentPages,
    items: [
      { to: "/", label: labels.home },
      { to: "/career-background", label: labels.career },
      { to: "/ai", label: labels.ai },
      { to: "/reels-category", label: labels.reels },
      { to: "/product-list", label: labels.products },
      ...(detail.shown ? [{ to: "/detail-category", label: detail.name }] : []),
    ],
  };
}

const OTHER_GROUPS: Group[] = [
  {
    title: koNavi.adminPages,
    items: [
      { to: "/admin-login", label: labels.login },
      { to: "/home-update", label: labels.homeUpdate },
      { to: "/product-upsert/0", label: labels.productRegister },
      { to: "/reels-category-upsert/0", label: labels.categoryRegister },
      { to: "/detail-category-upsert/0", label: labels.guideCategoryRegister },
      { to: "/reels-inbox", label: labels.reelsInbox },
      { to: "/instagram-token", label: labels.instagram },
      { to: "/insights", label: labels.insights },
      { to: "/career-background-update/%5B%5D", label: labels.careerUpdate },
      { to: "/site-settings", label: labels.siteSettings },
    ],
  },
  {
    title: koNavi.privacyPages,
    items: [
      { to: CHATBOT_PRIVACY_PATH, label: `${ko.home.aiTitle} ${koNavi.privacyPages}` },
      { to: "/poonpee/privacy", label: labels.poonpee },
      { to: "/phonefinder/privacy", label: labels.phonefinder },
    ],
  },
];

/** docs/product.md §2 /navi: every content and admin page in one list. */
export default function Navi() {
  const menu = useRootData()?.menu;
  const GROUPS = [contentPages({ shown: menu?.isViewFlags.detail ?? false, name: menu?.detailMenuNm ?? labels.detail }), ...OTHER_GROUPS];
  return (
    <section>
      <h1 className="page-title">{koNavi.title}</h1>
      {GROUPS.map((group) => (
        <nav key={group.title} className="card navi-group" aria-label={group.title}>
          <h2>{group.title}</h2>
          <ul>
            {group.items.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ))}
    </section>
  );
}
