import { Form, Link } from "@remix-run/react";
import { ko } from "~/copy/ko";

/**
 * A GET search form: works without JavaScript, Enter submits, the query stays in the URL.
 * While a search is active it names the word and links back to the whole list (`showAll`).
 */
export function SearchBar({
  label,
  placeholder,
  defaultValue,
  hidden = {},
  showAll,
}: {
  label: string;
  placeholder: string;
  defaultValue?: string;
  hidden?: Record<string, string>;
  showAll: { to: string; label: string };
}) {
  return (
    <>
      <Form method="get" role="search" className="search-bar">
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label className="visually-hidden" htmlFor="search-keyword">
          {label}
        </label>
        <input
          id="search-keyword"
          type="search"
          name="keyword"
          defaultValue={defaultValue}
          placeholder={placeholder}
          maxLength={100}
          enterKeyHint="search"
        />
        <button type="submit" className="button button--small">
          {ko.reels.search}
        </button>
      </Form>
      {defaultValue ? (
        <p className="search-scope">
          <span className="search-scope__word">{ko.reels.searchingFor(defaultValue)}</span>
          <Link className="search-scope__all" to={showAll.to}>
            {showAll.label}
          </Link>
        </p>
      ) : null}
    </>
  );
}
