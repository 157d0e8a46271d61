import { Form, useActionData } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { ko } from "~/copy/ko";
import type { DeleteReview } from "~/lib/list-delete.server";
import { ConfirmStep } from "./ConfirmStep";
import { FormError } from "./FormErrors";

// Delete mode of a list: the items are checkboxes of one (empty) form placed once on the page, and
// the confirmation of what would go.

/**
 * The (empty) form the delete-mode checkboxes and the 삭제 button belong to, with its error line.
 * The refusal (nothing ticked) holds only while nothing is ticked: it goes as soon as a box is.
 */
export function DeleteSelectionForm({ id, action, error }: { id: string; action: string; error?: string | null }) {
  const [anyTicked, setAnyTicked] = useState(false);
  useEffect(() => {
    // The boxes sit outside the form (form="…"), so their changes bubble to the document, not to it.
    function onChange(event: Event) {
      const form = event.target instanceof HTMLInputElement ? event.target.form : null;
      if (form?.id !== id) return;
      setAnyTicked(Array.from(form.elements).some((element) => element instanceof HTMLInputElement && element.checked));
    }
    document.addEventListener("change", onChange);
    return () => document.removeEventListener("change", onChange);
  }, [id]);
  return (
    <Form method="post" id={id} action={action} preventScrollReset className="delete-selection">
      <FormError id={`${id}-error`} errors={error && !anyTicked ? [error] : undefined} />
    </Form>
  );
}

/** The ids of the review the server just answered: their boxes stay ticked on the page it renders. */
function useReviewedIds() {
  const reply = useActionData<{ review?: Partial<DeleteReview> | null } | undefined>();
  const ids = reply?.review?.ids;
  return Array.isArray(ids) ? ids : [];
}

/**
 * A list item as a checkbox of the delete form. A label may hold only phrasing content, not the
 * item's card (headings, paragraphs), so the label holds the box and is laid over the whole item:
 * a tap anywhere on the item still ticks it.
 */
export function Selectable({ formId, id, label, children }: { formId: string; id: number; label: string; children: React.ReactNode }) {
  // Without JavaScript the review comes back as a new page: the boxes ticked for it, and so the
  // ticked count, come from the ids the server received.
  const reviewed = useReviewedIds().includes(id);
  return (
    <div className="selectable">
      <label className="selectable__target">
        <input type="checkbox" name="index" value={id} form={formId} defaultChecked={reviewed} aria-label={ko.list.select(label)} />
      </label>
      {children}
    </div>
  );
}

/** 정말 삭제하시겠습니까? with what would go, as a dialog (JS) or an in-page step (no JS). */
export function DeleteConfirmation({ review, action }: { review: DeleteReview; action: string }) {
  // ConfirmStep asks again whenever its fields change identity: one array per review, not per render,
  // or a dismissed confirmation reopens at the next navigation.
  const fields = useMemo(() => review.ids.map((id): [string, string] => ["index", String(id)]), [review]);
  return (
    <ConfirmStep key={review.ids.join(",")} question={ko.list.confirmDelete} fields={fields} cancelHref={action} action={action}>
      <p className="confirm-step__count">{ko.list.ticked(review.ids.length)}</p>
      <ul className="change-summary">
        {review.lines.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
    </ConfirmStep>
  );
}
