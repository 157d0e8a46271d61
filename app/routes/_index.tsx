import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ko } from "~/copy/ko";
import { routeFacts } from "~/lib/route-facts";
import { pageMeta } from "~/lib/seo";
import { useRootData } from "~/root";
import homeStyles from "~/styles/home.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: homeStyles }];

export const handle = routeFacts({ access: "public", cache: true, sitemap: true, jsBudgetKiB: 100 });

export const meta: MetaFunction = (args) => pageMeta(args, {});

type MenuCard = { to: string; title: string; description: string; tone: string };

export default function Home() {
  const root = useRootData();
  if (!root) return null;
  const { menu, isLogin } = root;
  const cards: MenuCard[] = [
    { to: "/career-background", title: ko.home.careerTitle, description: ko.home.careerDescription, tone: "peach" },
    { to: "/ai", title: ko.home.aiTitle, description: ko.home.aiDescription, tone: "ink" },
  ];
  if (menu.isViewFlags.reels) {
    cards.push({ to: "/reels-category", title: menu.reelsMenuNm, description: ko.home.reelsDescription, tone: "mint" });
  }
  if (menu.isViewFlags.products) {
    cards.push({ to: "/product-list", title: menu.productsMenuNm, description: ko.home.productsDescription, tone: "sky" });
  }
  if (menu.isViewFlags.detail) {
    cards.push({ to: "/detail-category", title: menu.detailMenuNm, description: ko.home.detailDescription, tone: "lilac" });
  }
  return (
    <section className="home">
      <h1 className="home__title">{ko.site.name}</h1>
      <p className="lead">{ko.site.description}</p>
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
            <Link className={`menu-card menu-card--${card.tone}`} to={card.to} prefetch="intent">
              <h3 className="menu-card__title">{card.title}</h3>
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
