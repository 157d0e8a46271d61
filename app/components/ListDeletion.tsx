import { Form } from "@remix-run/react";
import { useMemo } from "react";
import { ko } from "~/copy/ko";
import type { DeleteReview } from "~/lib/list-delete.server";
import { ConfirmStep } from "./ConfirmStep";
import { FormError } from "./FormErrors";

// Delete mode of a list: the items are checkboxes of one (empty) form placed once on the page, and
// the confirmation of what would go.

/** The (empty) form the delete-mode checkboxes and the 삭제 button belong to, with its error line. */
export function DeleteSelectionForm({ id, action, error }: { id: string; action: string; error?: string | null }) {
  return (
    <Form method="post" id={id} action={action} preventScrollReset className="delete-selection">
      <FormError id={`${id}-error`} errors={error ? [error] : undefined} />
    </Form>
  );
}

/**
 * A list item as a checkbox of the delete form. A label may hold only phrasing content, not the
 * item's card (headings, paragraphs), so the label holds the box and is laid over the whole item:
 * a tap anywhere on the item still ticks it.
 */
export function Selectable({ formId, id, label, children }: { formId: string; id: number; label: string; children: React.ReactNode }) {
  return (
    <div className="selectable">
      <label className="selectable__target">
        <input type="checkbox" name="index" value={id} form={formId} aria-label={ko.list.select(label)} />
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
      <ul className="change-summary">
        {review.lines.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
    </ConfirmStep>
  );
}
