import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ko } from "~/copy/ko";
import { CHATBOT_PRIVACY_PATH } from "~/features/ai/paths";
import { ownerPages } from "~/features/home/owner-pages.server";
import { routeFacts } from "~/lib/route-facts";
import { pageMeta } from "~/lib/seo";
import { currentAdmin } from "~/lib/session.server";
import { useRootData } from "~/root";
import naviStyles from "~/styles/navi.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: naviStyles }];

export const handle = routeFacts({ access: "public", jsBudgetKiB: 100 });

export const meta: MetaFunction = (args) => pageMeta(args, { title: ko.navi.title, noindex: true });

/** The owner's screens, for the owner alone (her page's data only). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return { ownerPages: ownerPages(await currentAdmin({ request, context })) };
}

const labels = ko.navi.links;

type NaviItem = { to: string; label: string; hidden?: boolean };

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
  const owner = useLoaderData<typeof loader>().ownerPages;
  const isOwner = owner !== null;
  const shown = root?.menu.isViewFlags ?? { reels: true, products: true, detail: false };
  const content: NaviItem[] = [
    { to: "/", label: labels.home },
    { to: "/career-background", label: labels.career },
    { to: "/ai", label: labels.ai },
  ];
  if (shown.reels || isOwner) content.push({ to: "/reels-category", label: labels.reels, hidden: !shown.reels });
  if (shown.products || isOwner) content.push({ to: "/product-list", label: labels.products, hidden: !shown.products });
  // The guides (상세/심화 정보) under the owner's name for them.
  if ((shown.detail || isOwner) && root) content.push({ to: "/detail-category", label: root.menu.detailMenuNm, hidden: !shown.detail });
  const groups: { title: string; items: NaviItem[] }[] = [
    { title: ko.navi.contentPages, items: content },
    ...(owner ? [{ title: ko.navi.adminPages, items: owner }] : []),
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
                      <span className="navi-group__badge">{ko.list.hidden}</span>
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
