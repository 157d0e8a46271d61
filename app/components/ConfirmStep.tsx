import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { ko } from "~/copy/ko";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * The confirmation step of a risky form (docs/architecture.md §3), placed near the top of the page so it is seen
 * without JavaScript: the server answers a "review" post with the
 * values to confirm; without JavaScript this renders as an in-page step, with JavaScript it becomes a
 * modal dialog (focus trapped, Escape cancels). Confirming re-posts the same values with intent=confirm.
 */
export function ConfirmStep({
  question,
  fields,
  cancelHref,
  action,
  children,
}: {
  question: string;
  fields: [string, string][];
  cancelHref: string;
  action?: string;
  children?: React.ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  const [dismissed, setDismissed] = useState(false);
  const busy = useNavigation().state === "submitting";
  const titleId = useId();

  // A new review (even of the same values) asks again after an earlier one was dismissed.
  useEffect(() => setDismissed(false), [fields]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dismissed) return;
    // Server-rendered open in place; upgraded to a modal (focus trap, Escape) once scripts run.
    if (!dialog.matches(":modal")) {
      if (dialog.open) dialog.close();
      dialog.showModal();
    }
  }, [dismissed, fields]);

  if (dismissed) return null;
  return (
    <dialog
      ref={ref}
      open
      className="dialog confirm-step"
      aria-labelledby={titleId}
      onClose={() => {
        // The close fired by the upgrade above arrives when the dialog is already open again.
        if (!ref.current?.open) setDismissed(true);
      }}
    >
      <h2 id={titleId} className="confirm-step__question">
        {question}
      </h2>
      {children}
      <Form method="post" action={action} className="confirm-step__actions">
        {fields.map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="intent" value="confirm" />
        {hydrated ? (
          <button type="button" className="button" onClick={() => ref.current?.close()}>
            {ko.common.cancel}
          </button>
        ) : (
          <Link className="button" to={cancelHref}>
            {ko.common.cancel}
          </Link>
        )}
        <button type="submit" className="button button--primary" disabled={busy} autoFocus>
          {ko.common.confirm}
        </button>
      </Form>
    </dialog>
  );
}
