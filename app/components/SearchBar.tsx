import { Form } from "@remix-run/react";
import { ko } from "~/copy/ko";

/** A GET search form: works without JavaScript, Enter submits, the query stays in the URL. */
export function SearchBar({
  label,
  placeholder,
  defaultValue,
  hidden = {},
}: {
  label: string;
  placeholder: string;
  defaultValue?: string;
  hidden?: Record<string, string>;
}) {
  return (
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
  );
}
