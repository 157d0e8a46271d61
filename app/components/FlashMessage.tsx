import { Link } from "@remix-run/react";
import { useState } from "react";
import { ko } from "~/copy/ko";
import type { Flash } from "~/lib/flash.server";
import { useHydrated } from "~/lib/use-hydrated";

/** A one-time result message after a save; it may offer a next step (docs/product.md §8). */
export function FlashMessage({ flash }: { flash: Flash }) {
  const [dismissed, setDismissed] = useState(false);
  const hydrated = useHydrated();
  if (dismissed) return null;
  return (
    <div className="flash" role="status" aria-live="polite">
      <p className="flash__message">{flash.message}</p>
      {flash.next ? <p className="flash__question">{flash.next.question}</p> : null}
      <div className="flash__actions">
        {flash.next ? (
          <Link className="button button--primary button--small" to={flash.next.href}>
            {flash.next.label}
          </Link>
        ) : null}
        {hydrated ? (
          <button type="button" className="button button--small" onClick={() => setDismissed(true)}>
            {flash.next ? ko.common.cancel : ko.common.close}
          </button>
        ) : null}
      </div>
    </div>
  );
}
