import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { ko } from "~/copy/ko";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * One page of a list as a loader answers it: the items, the cursor it starts after (`?after=`,
 * null on the first page) and the cursor of the next page (null on the last).
 */
export type ListPage<T> = { items: T[]; after: string | null; next: string | null };

/** The pages shown before `page` (appended with JavaScript) and where focus goes after an append. */
type Shown<T> = { page: ListPage<T>; before: T[]; focusFrom?: number };

/** What "더 보기" leaves in the history entry of the next page: the items shown before it. */
type Carried<T> = { pagedAfter: string; pagedBefore: T[] };

function carriedBefore<T>(state: unknown, after: string | null): T[] {
  const carried = state as Partial<Carried<T>> | null;
  return after !== null && carried?.pagedAfter === after && Array.isArray(carried.pagedBefore) ? carried.pagedBefore : [];
}

/**
 * A list shown a page at a time. "더 보기" is a real link to the next page (`?after=`, the search and
 * mode kept), so it works without JavaScript. With JavaScript it is a client navigation that keeps
 * the scroll: the page that continues the shown list is appended to it and focus moves to its first
 * item; the same page loaded again (after a delete review) keeps what was appended before it; any
 * other page (a search, a mode) is shown on its own. The items shown before a page travel in its
 * history entry, so back from a reel shows the whole list again, where the scroll was. (Not in the
 * render that hydrates the server's markup, which has only the page: they follow right after it.)
 */
export function PagedList<T extends { id: number }>({
  page,
  className,
  renderItem,
}: {
  page: ListPage<T>;
  className: string;
  renderItem: (item: T) => React.ReactNode;
}) {
  const { search, state: locationState } = useLocation();
  const hydrated = useHydrated();
  const carried = hydrated ? carriedBefore<T>(locationState, page.after) : [];
  const listRef = useRef<HTMLUListElement>(null);
  const [state, setShown] = useState<Shown<T>>(() => ({ page, before: carried }));
  let shown = state;
  if (state.page !== page) {
    const before = [...state.before, ...state.page.items];
    shown =
      page.after !== null && page.after === state.page.next
        ? { page, before, focusFrom: before.length }
        : { page, before: page.after === state.page.after ? state.before : carried };
    setShown(shown);
  } else if (state.before.length === 0 && carried.length > 0) {
    shown = { page, before: carried };
    setShown(shown);
  }

  useEffect(() => {
    // An append starts after at least one item: 0 never needs focus.
    if (shown.focusFrom) listRef.current?.children[shown.focusFrom]?.querySelector<HTMLElement>("a, input")?.focus();
  }, [shown.focusFrom]);

  const { before } = shown;
  const nextPage = new URLSearchParams(search);
  if (page.next) nextPage.set("after", page.next);
  const toNextPage: Carried<T> | null = page.next ? { pagedAfter: page.next, pagedBefore: [...before, ...page.items] } : null;
  return (
    <>
      <ul ref={listRef} className={className}>
        {[...before, ...page.items].map((item) => (
          <li key={item.id}>{renderItem(item)}</li>
        ))}
      </ul>
      {page.next ? (
        <Link className="button more-link" to={`?${nextPage}`} state={toNextPage} preventScrollReset>
          {ko.list.more}
        </Link>
      ) : null}
    </>
  );
}
