import { useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { koAdmin } from "~/copy/ko-admin";
import type { DraftKeeping } from "~/lib/form-draft";

/** The navigation state the browser's own save leaves with (lib/use-upload-form.ts): the form's draft is done with. */
export const SAVED_STATE = "formSaved";

/**
 * Keeps a device draft of the form it is placed in, under `name` (the form and its record, e.g.
 * `product:12` or `product:new`; lib/form-draft.ts): restored after a reload with a notice and a way
 * to discard it, dropped once the form is saved. Its code is fetched once the page runs: it can
 * restore nothing before that anyway, and the owner's form pages stay within their JavaScript budget.
 */
export function DraftKeeper({ name }: { name: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const keeping = useRef<DraftKeeping | null>(null);
  const [restored, setRestored] = useState(false);
  const navigation = useNavigation();
  const submittedAt = useRef<string | null>(null);

  useEffect(() => {
    const form = ref.current?.closest("form");
    let left = false;
    if (form) {
      void import("~/lib/form-draft").then(({ keepDraft }) => {
        if (!left) keeping.current = keepDraft(form, name, () => setRestored(true));
      });
    }
    return () => {
      left = true;
      keeping.current?.stop();
      keeping.current = null;
    };
  }, [name]);

  // Saved: the page's action answered this form's submit with a redirect (a location of its own, where
  // a refusal loads the same one again), or the browser's save went through and navigates on.
  const { state, formAction, location } = navigation;
  useEffect(() => {
    const form = ref.current?.closest("form");
    if (state === "submitting" && form && formAction?.split("?")[0] === new URL(form.action).pathname) {
      submittedAt.current = location.key;
    } else if (state === "loading" && (location.state === SAVED_STATE || (submittedAt.current && location.key !== submittedAt.current))) {
      keeping.current?.saved();
      setRestored(false);
    } else if (state === "idle") {
      submittedAt.current = null;
    }
  }, [state, formAction, location]);

  return (
    <div ref={ref} role="status">
      {restored ? (
        <p className="notice">
          {koAdmin.draft.restored}{" "}
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              keeping.current?.discard();
              setRestored(false);
            }}
          >
            {koAdmin.draft.discard}
          </button>
        </p>
      ) : null}
    </div>
  );
}
