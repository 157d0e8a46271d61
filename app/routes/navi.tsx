import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ko } from "~/copy/ko";
import { CHATBOT_PRIVACY_PATH } from "~/features/ai/paths";
import { routeFacts } from "~/lib/route-facts";
import { pageMeta } from "~/lib/seo";

export const handle = routeFacts({ access: "public", jsBudgetKiB: 100 });

export const meta: MetaFunction = (args) => pageMeta(args, { title: ko.navi.title, noindex: true });

const { links } = ko.navi;

const GROUPS = [
  {
    title: ko.navi.contentPages,
    items: [
      { to: "/", label: links.home },
      { to: "/career-background", label: links.career },
      { to: "/ai", label: links.ai },
      { to: "/reels-category", label: links.reels },
      { to: "/product-list", label: links.products },
    ],
  },
  {
    title: ko.navi.adminPages,
    items: [
      { to: "/admin-login", label: links.login },
      { to: "/home-update", label: links.homeUpdate },
      { to: "/product-upsert/0", label: links.productRegister },
      { to: "/reels-category-upsert/0", label: links.categoryRegister },
      { to: "/instagram-token", label: links.instagram },
      { to: "/insights", label: links.insights },
      { to: "/career-background-update/%5B%5D", label: links.careerUpdate },
      { to: "/site-settings", label: links.siteSettings },
    ],
  },
  {
    title: ko.navi.privacyPages,
    items: [
      { to: CHATBOT_PRIVACY_PATH, label: `${ko.home.aiTitle} ${ko.navi.privacyPages}` },
      { to: "/poonpee/privacy", label: links.poonpee },
      { to: "/phonefinder/privacy", label: links.phonefinder },
    ],
  },
];

/** SPEC §2 /navi: every content and admin page in one list. */
export default function Navi() {
  return (
    <section>
      <h1 className="page-title">{ko.navi.title}</h1>
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
