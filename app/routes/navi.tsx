import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ko } from "~/copy/ko";
import { CHATBOT_PRIVACY_PATH } from "~/features/ai/paths";
import { routeFacts } from "~/lib/route-facts";
import { pageMeta } from "~/lib/seo";
import { useRootData } from "~/root";
import naviStyles from "~/styles/navi.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: naviStyles }];

export const handle = routeFacts({ access: "public", jsBudgetKiB: 100 });

export const meta: MetaFunction = (args) => pageMeta(args, { title: ko.navi.title, noindex: true });

const labels = ko.navi.links;

type NaviItem = { to: string; label: string; hidden?: boolean };

/** The owner's screens: listed to her alone (a visitor would only be sent home from them). */
const ADMIN_PAGES: NaviItem[] = [
  { to: "/home-update", label: labels.homeUpdate },
  { to: "/product-upsert/0", label: labels.productRegister },
  { to: "/reels-category-upsert/0", label: labels.categoryRegister },
  { to: "/reels-inbox", label: labels.reelsInbox },
  { to: "/instagram-token", label: labels.instagram },
  { to: "/insights", label: labels.insights },
  { to: "/career-background-update/%5B%5D", label: labels.careerUpdate },
  { to: "/site-settings", label: labels.siteSettings },
];

const PRIVACY_PAGES: NaviItem[] = [
  { to: CHATBOT_PRIVACY_PATH, label: `${ko.home.aiTitle} ${ko.navi.privacyPages}` },
  { to: "/poonpee/privacy", label: labels.poonpee },
  { to: "/phonefinder/privacy", label: labels.phonefinder },
];

/**
 * docs/product.md §2 /navi: the site's pages in one list. A visitor sees the public pages of the
 * menus shown; the owner also sees the menus she hid (marked 숨김) and her own screens.
 */
export default function Navi() {
  const root = useRootData();
  const isOwner = root?.isLogin === true;
  const shown = root?.menu.isViewFlags ?? { reels: true, products: true };
  const content: NaviItem[] = [
    { to: "/", label: labels.home },
    { to: "/career-background", label: labels.career },
    { to: "/ai", label: labels.ai },
  ];
  if (shown.reels || isOwner) content.push({ to: "/reels-category", label: labels.reels, hidden: !shown.reels });
  if (shown.products || isOwner) content.push({ to: "/product-list", label: labels.products, hidden: !shown.products });
  const groups = [
    { title: ko.navi.contentPages, items: content },
    ...(isOwner ? [{ title: ko.navi.adminPages, items: ADMIN_PAGES }] : []),
    { title: ko.navi.privacyPages, items: PRIVACY_PAGES },
  ];
  return (
    <section>
      <h1 className="page-title">{ko.navi.title}</h1>
      {groups.map((group) => (
        <nav key={group.title} className="card navi-group" aria-label={group.title}>
          <h2>{group.title}</h2>
          <ul>
            {group.items.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>
                  {item.label}
                  {item.hidden ? (
                    <>
                      {" "}
                      <span className="navi-group__badge">{ko.hiddenSection.badge}</span>
                    </>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ))}
    </section>
  );
}
