import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { koSearch } from "~/copy/ko-search";
import { SearchResults } from "~/features/search/components/SearchResults";
import { SEARCH_MAX_CHARS, SEARCH_MAX_WORDS } from "~/features/search/limits";
import { loadSearchPage } from "~/features/search/search-page.server";
import { routeFacts } from "~/lib/route-facts";
import { pageMeta } from "~/lib/seo";
import searchStyles from "~/styles/search.css";

export const handle = routeFacts({ access: "public", jsBudgetKiB: 100 });

export const links: LinksFunction = () => [{ rel: "stylesheet", href: searchStyles }];

// Every query is its own page: noindex, and kept off the page cache's public list (server/page-cache.mjs).
export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, { title: koSearch.title, noindex: true });

export const loader = (args: LoaderFunctionArgs) => loadSearchPage(args);

export default function SearchPage() {
  const { query, reels, products, categories, guides } = useLoaderData<typeof loader>();
  return (
    <div className="search-page">
      <h1 className="page-title">{koSearch.title}</h1>
      <Form method="get" action="/search" role="search" className="search-bar">
        <label className="visually-hidden" htmlFor="search-q">
          {koSearch.fieldLabel}
        </label>
        <input
          key={query.text}
          id="search-q"
          type="search"
          name="q"
          defaultValue={query.text}
          placeholder={koSearch.placeholder}
          enterKeyHint="search"
        />
        <button type="submit" className="button button--small">
          {koSearch.submit}
        </button>
      </Form>
      {query.cut ? <p className="notice">{koSearch.cut(SEARCH_MAX_CHARS, SEARCH_MAX_WORDS)}</p> : null}
      {query.words.length === 0 ? (
        <p className="search-hint">{koSearch.hint}</p>
      ) : (
        <SearchResults words={query.words} reels={reels} products={products} categories={categories} guides={guides} />
      )}
    </div>
  );
}
