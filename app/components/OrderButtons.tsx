import { useFetcher } from "@remix-run/react";
import { ko } from "~/copy/ko";

/**
 * "위로" / "아래로" of one row in a list's edit mode. A plain form post without JavaScript (the
 * page action moves the row and redirects back); with it, a fetcher posts the same form and the
 * revalidated list moves the row in place, without a reload or a jump in scroll position.
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
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={action} preventScrollReset className="order-buttons">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="direction"
        value="up"
        className="button button--small"
        disabled={isFirst || busy}
        aria-label={ko.list.moveUpOf(name)}
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
      >
        {ko.list.moveDown}
      </button>
    </fetcher.Form>
  );
}
