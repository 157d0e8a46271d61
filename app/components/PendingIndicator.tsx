import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ko } from "~/copy/ko";

const SHOW_AFTER_MS = 150;
const MIN_VISIBLE_MS = 400;

/**
 * docs/architecture.md §5: the loading indicator follows real pending work, with a short delay before it shows
 * (no flash on fast navigations) and a short minimum once shown (no flicker).
 */
export function PendingIndicator() {
  const busy = useNavigation().state !== "idle";
  const [visible, setVisible] = useState(false);
  const [shownAt, setShownAt] = useState(0);

  useEffect(() => {
    if (busy && !visible) {
      const timer = setTimeout(() => {
        setVisible(true);
        setShownAt(Date.now());
      }, SHOW_AFTER_MS);
      return () => clearTimeout(timer);
    }
    if (!busy && visible) {
      const timer = setTimeout(() => setVisible(false), Math.max(0, MIN_VISIBLE_MS - (Date.now() - shownAt)));
      return () => clearTimeout(timer);
    }
  }, [busy, visible, shownAt]);

  return (
    <div className={visible ? "route-progress route-progress--visible" : "route-progress"} aria-hidden={!visible}>
      <div className="route-progress__bar" />
      <span className="visually-hidden" role="status">
        {visible ? ko.pending : ""}
      </span>
    </div>
  );
}
