import { Link, useLocation, useMatches, useNavigation } from "@remix-run/react";
import { ko } from "~/copy/ko";
import { factsOfHandle } from "~/lib/route-facts";

type NavKey = "home" | "ai" | "reels" | "products";

/** The owner's menu names and which entries show (the home area's menu satisfies it). */
type NavMenu = {
  homeMenuNm: string;
  reelsMenuNm: string;
  productsMenuNm: string;
  isViewFlags: { home: boolean; reels: boolean; products: boolean };
};

const NAV_PATHS: Record<NavKey, string> = {
  home: "/",
  ai: "/ai",
  reels: "/reels-category",
  products: "/product-list",
};

const ICONS: Record<NavKey, React.ReactNode> = {
  home: <path d="M4 11l8-7 8 7v9h-5v-6H9v6H4z" />,
  ai: <path d="M5 5h14v10H9l-4 4zM9 10h.01M12 10h.01M15 10h.01" />,
  reels: <path d="M4 4h16v16H4zM10 9l5 3-5 3z" />,
  products: <path d="M6 8h12l-1 12H7zM9 8a3 3 0 0 1 6 0" />,
};

export function BottomNav({ menu }: { menu: NavMenu }) {
  const { pathname } = useLocation();
  // Marked "pending" while its page loads, as NavLink would (a Link: NavLink cannot light a whole section).
  const loading = useNavigation().location?.pathname;
  // The owner's screens may not load the chatbot (their policy leaves it out, app/startup/csp.server.ts):
  // from them, AI loads /ai as a new document, with the policy of its own that lets the chatbot in.
  const onOwnerScreen = factsOfHandle(useMatches().at(-1)?.handle)?.access === "admin";
  const items: { key: NavKey; label: string; visible: boolean }[] = [
    { key: "home", label: menu.homeMenuNm, visible: menu.isViewFlags.home },
    { key: "ai", label: ko.bottomNav.ai, visible: true },
    { key: "reels", label: menu.reelsMenuNm, visible: menu.isViewFlags.reels },
    { key: "products", label: menu.productsMenuNm, visible: menu.isViewFlags.products },
  ];
  return (
    <nav className="bottom-nav" aria-label={ko.bottomNav.label}>
      <ul>
        {items
          .filter((item) => item.visible)
          .map((item) => (
            <li key={item.key}>
              <Link
                to={NAV_PATHS[item.key]}
                aria-current={
                  // Lit on its own page, and on the pages under it: a category's reel list, the viewer.
                  pathname === NAV_PATHS[item.key]
                    ? "page"
                    : item.key === "reels" && /^\/reels-(list|content)\//.test(pathname)
                      ? "true"
                      : undefined
                }
                className={loading === NAV_PATHS[item.key] ? "pending" : undefined}
                prefetch="intent"
                reloadDocument={item.key === "ai" && onOwnerScreen}
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
                  <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
                    {ICONS[item.key]}
                  </g>
                </svg>
                <span>{item.label}</span>
              </Link>
            </li>
          ))}
        <li>
          <a href="#top" onClick={scrollToTop}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
              <path d="M6 14l6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span>{ko.bottomNav.scrollTop}</span>
          </a>
        </li>
      </ul>
    </nav>
  );
}

function scrollToTop(event: React.MouseEvent) {
  event.preventDefault();
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
}
