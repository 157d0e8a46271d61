import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ko } from "~/copy/ko";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * "위로" / "아래로" of one row in a list's edit mode (docs/product.md §4). A plain form post without
 * JavaScript: the page action moves the row and comes back to the list at the row (`#item-{id}`,
 * the row's id). With it, a fetcher posts the same form with `inPlace` (back to the list without
 * the anchor, so the page does not jump), the revalidated list moves the row in place, and the
 * focus comes back to the button pressed (the other one when the row reached an end), the row
 * scrolled into view if it left it.
 */
export function OrderButtons({
  action,
  id,
  name,
  isFirst,
  isLast,
}: {
  /** The list page whose action moves the row, in its edit mode (e.g. `/product-list?mode=edit`). */
  action: string;
  id: number;
  /** The row's name, for the buttons' accessible names ("감각 놀이 매트 위로"). */
  name: string;
  isFirst: boolean;
  isLast: boolean;
}) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const pressed = useRef<string | null>(null);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (busy || pressed.current === null) return;
    const form = formRef.current;
    const enabled = [...(form?.querySelectorAll("button") ?? [])].filter((button) => !button.disabled);
    const button = enabled.find((candidate) => candidate.value === pressed.current) ?? enabled[0];
    pressed.current = null;
    button?.focus({ preventScroll: true });
    (form?.closest("[id^='item-']") ?? form)?.scrollIntoView({ block: "nearest" });
  }, [busy, isFirst, isLast]);

  return (
    <fetcher.Form ref={formRef} method="post" action={action} preventScrollReset className="order-buttons">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={id} />
      {hydrated ? <input type="hidden" name="inPlace" value="true" /> : null}
      <button
        type="submit"
        name="direction"
        value="up"
        className="button button--small"
        disabled={isFirst || busy}
        aria-label={ko.list.moveUpOf(name)}
        onClick={() => (pressed.current = "up")}
      >
        {ko.list.moveUp}
      </button>
      <button
        type="submit"
        name="direction"
        value="down"
        className="button button--small"
        disabled={isLast || busy}
        aria-label={ko.list.moveDownOf(name)}
        onClick={() => (pressed.current = "down")}
      >
        {ko.list.moveDown}
      </button>
    </fetcher.Form>
  );
}
