import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ko } from "~/copy/ko";
import { routeFacts } from "~/lib/route-facts";
import { pageMeta } from "~/lib/seo";
import { useRootData, type RootData } from "~/root";
import homeStyles from "~/styles/home.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: homeStyles }];

export const handle = routeFacts({ access: "public", cache: true, sitemap: true, jsBudgetKiB: 100 });

/**
 * The home page's preview text is its introduction (the owner's, else one naming only the menus
 * shown), and it says whose site this is to search engines: JSON-LD of the site and its owner, from
 * 사이트 설정 (name, introduction, handle, picture, the footer's links).
 */
export const meta: MetaFunction<unknown, { root: RootData }> = (args) => {
  const root = args.matches.find((match) => match.id === "root")?.data;
  return [...pageMeta(args, {}), ...(root ? [{ "script:ld+json": siteStructuredData(root.origin, root.site) }] : [])];
};

type SiteFacts = { name: string; intro: string; handle: string | null; profileImage: string | null; footerLinks: { url: string }[] };

function siteStructuredData(origin: string, site: SiteFacts) {
  const owner = `${origin}/#owner`;
  return {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "WebSite",
        "@id": `${origin}/#website`,
        name: site.name,
        url: `${origin}/`,
        description: site.intro,
        inLanguage: "ko-KR",
        publisher: { "@id": owner },
      },
      {
        "@type": "Organization",
        "@id": owner,
        name: site.name,
        url: `${origin}/`,
        ...(site.handle ? { alternateName: site.handle } : {}),
        ...(site.profileImage ? { logo: `${origin}${site.profileImage}`, image: `${origin}${site.profileImage}` } : {}),
        ...(site.footerLinks.length ? { sameAs: site.footerLinks.map((link) => link.url) } : {}),
      },
    ],
  };
}

/** A card of a menu the owner hid is hers alone, marked 숨김 (visitors see neither it nor its pages). */
type MenuCard = { to: string; title: string; description: string; tone: string; hidden?: boolean };

export default function Home() {
  const root = useRootData();
  if (!root) return null;
  const { menu, isLogin } = root;
  const cards: MenuCard[] = [
    { to: "/career-background", title: ko.home.careerTitle, description: ko.home.careerDescription, tone: "peach" },
    { to: "/ai", title: ko.home.aiTitle, description: ko.home.aiDescription, tone: "ink" },
  ];
  const shown = menu.isViewFlags;
  if (shown.reels || isLogin) {
    cards.push({
      to: "/reels-category",
      title: menu.reelsMenuNm,
      description: ko.home.reelsDescription,
      tone: "mint",
      hidden: !shown.reels,
    });
  }
  if (shown.products || isLogin) {
    cards.push({
      to: "/product-list",
      title: menu.productsMenuNm,
      description: ko.home.productsDescription,
      tone: "sky",
      hidden: !shown.products,
    });
  }
  if (shown.detail || isLogin) {
    cards.push({
      to: "/detail-category",
      title: menu.detailMenuNm,
      description: ko.home.detailDescription,
      tone: "lilac",
      hidden: !shown.detail,
    });
  }
  return (
    <section className="home">
      <h1 className="home__title">{root.site.name}</h1>
      <p className="lead home__intro">{root.site.intro}</p>
      <div className="section-heading">
        <h2>{ko.home.menuStructure}</h2>
        {isLogin ? (
          <Link className="button button--small" to="/home-update">
            {ko.home.editMenu}
          </Link>
        ) : null}
      </div>
      <ul className="menu-cards">
        {cards.map((card) => (
          <li key={card.to}>
            <Link className={`menu-card menu-card--${card.tone}${card.hidden ? " menu-card--hidden" : ""}`} to={card.to} prefetch="intent">
              <h3 className="menu-card__title">
                {card.title}
                {card.hidden ? (
                  <>
                    {" "}
                    <span className="menu-card__badge">{ko.list.hidden}</span>
                  </>
                ) : null}
              </h3>
              <p className="menu-card__description">{card.description}</p>
              <span className="menu-card__arrow" aria-hidden="true">
                →
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
