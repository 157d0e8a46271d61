import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { EditRows } from "~/components/EditRows";
import { ko } from "~/copy/ko";
import { koAdmin } from "~/copy/ko-admin";
import type { Picture } from "~/lib/picture";
import { useHydrated } from "~/lib/use-hydrated";
import { MAX_PINNED } from "../pins";
import type { ReelItem } from "../reel-lists.server";

// A category's reels in edit mode, loaded lazily by the reel list (visitors never load it).

type Item = ReelItem & { picture: Picture | null };

/**
 * 고정: pins the reel to the top of its category, or lets it go (a toggle, pressed while pinned). A
 * plain form post without JavaScript (back at the reel, `#item-{id}`); with it a fetcher's, the focus
 * kept on the toggle and the reel, now elsewhere in the list, brought into view.
 */
function PinToggle({ action, item }: { action: string; item: Item }) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (busy || !sent.current) return;
    sent.current = false;
    formRef.current?.querySelector("button")?.focus({ preventScroll: true });
    formRef.current?.closest("li")?.scrollIntoView({ block: "nearest" });
  }, [busy, item.isPinned]);
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={action}
      preventScrollReset
      className="pin-toggle"
      onSubmit={() => (sent.current = true)}
    >
      <input type="hidden" name="intent" value="pin" />
      <input type="hidden" name="id" value={item.id} />
      <input type="hidden" name="pinned" value={item.isPinned ? "false" : "true"} />
      {hydrated ? <input type="hidden" name="inPlace" value="true" /> : null}
      <button
        type="submit"
        className="button button--small"
        aria-pressed={item.isPinned}
        aria-label={koAdmin.reelsOrder.pinOf(item.reelsNm)}
        disabled={busy}
      >
        {koAdmin.reelsOrder.pin}
      </button>
    </fetcher.Form>
  );
}

/**
 * One page of a category's reels as compact rows: thumbnail, name (고정됨 when pinned), 위로/아래로
 * among the pinned ones or the others, 고정 and 수정; a 더 보기 link to the next page (shown on its
 * own: a move renumbers the reels, so pages carried over would go stale).
 */
export function ReelEditRows({
  items,
  places,
  action,
  editHref,
  nextHref,
  label,
}: {
  items: Item[];
  places: { isFirst: boolean; isLast: boolean }[];
  action: string;
  editHref: (item: Item) => string;
  nextHref: string | null;
  label: string;
}) {
  return (
    <>
      <p className="hint">{koAdmin.reelsOrder.pinHint(MAX_PINNED)}</p>
      <EditRows
        action={action}
        label={label}
        rows={items.map((item, at) => ({
          id: item.id,
          name: item.reelsNm,
          picture: item.picture,
          editHref: editHref(item),
          badges: item.isPinned ? [koAdmin.reelsOrder.pinnedBadge] : [],
          isFirst: places[at]?.isFirst ?? true,
          isLast: places[at]?.isLast ?? true,
          extra: <PinToggle action={action} item={item} />,
        }))}
      />
      {nextHref ? (
        <Link className="button more-link" to={nextHref} preventScrollReset>
          {ko.list.more}
        </Link>
      ) : null}
    </>
  );
}

export default ReelEditRows;
