import { Link, useNavigate } from "@remix-run/react";
import { useRef, type ReactNode } from "react";
import { ko } from "~/copy/ko";

type NeighbourPaths = { previousPath: string | null; nextPath: string | null };

/** A sideways move shorter than this (CSS px) is a tap or a wobble, not a swipe. */
const SWIPE_MIN_PX = 60;
/** Moves starting this close to the bottom are the video controls' seek bar, not a swipe. */
const CONTROLS_PX = 48;

/**
 * With JavaScript, a horizontal swipe on the video goes to the next (left) or previous (right) reel
 * of the category (docs/product.md §2); a move more vertical than sideways is left to scrolling (touch-action: pan-y).
 */
export function ReelSwipeArea({ previousPath, nextPath, children }: NeighbourPaths & { children: ReactNode }) {
  const navigate = useNavigate();
  const start = useRef<{ x: number; y: number } | null>(null);
  return (
    <div
      className="reel-swipe"
      onPointerDown={(event) => {
        const bottom = event.currentTarget.getBoundingClientRect().bottom;
        start.current = event.clientY < bottom - CONTROLS_PX ? { x: event.clientX, y: event.clientY } : null;
      }}
      onPointerCancel={() => (start.current = null)}
      onPointerUp={(event) => {
        const from = start.current;
        start.current = null;
        if (!from) return;
        const dx = event.clientX - from.x;
        if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < 2 * Math.abs(event.clientY - from.y)) return;
        const to = dx < 0 ? nextPath : previousPath;
        if (to) navigate(to);
      }}
    >
      {children}
    </div>
  );
}

/** Plain links to the neighbouring reels in the category's list order; none past either end. */
export function ReelNeighbourLinks({ previousPath, nextPath }: NeighbourPaths) {
  if (!previousPath && !nextPath) return null;
  return (
    <nav className="reel-neighbours" aria-label={ko.reels.neighbours}>
      {previousPath ? (
        <Link className="reel-neighbours__previous" to={previousPath} rel="prev">
          {ko.reels.previous}
        </Link>
      ) : null}
      {nextPath ? (
        <Link className="reel-neighbours__next" to={nextPath} rel="next">
          {ko.reels.next}
        </Link>
      ) : null}
    </nav>
  );
}
