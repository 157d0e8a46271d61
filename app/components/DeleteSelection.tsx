import { Form } from "@remix-run/react";
import { ko } from "~/copy/ko";
import { FormError } from "./FormErrors";

// Delete mode of a list: the items are checkboxes of one (empty) form placed once on the page.

/** The (empty) form the delete-mode checkboxes and the 삭제 button belong to, with its error line. */
export function DeleteSelectionForm({ id, action, error }: { id: string; action: string; error?: string | null }) {
  return (
    <Form method="post" id={id} action={action} preventScrollReset>
      <FormError id={`${id}-error`} errors={error ? [error] : undefined} />
    </Form>
  );
}

/** A list item as a checkbox of the delete form. */
export function Selectable({ formId, id, label, children }: { formId: string; id: number; label: string; children: React.ReactNode }) {
  return (
    <label className="selectable">
      <input type="checkbox" name="index" value={id} form={formId} aria-label={ko.list.select(label)} />
      {children}
    </label>
  );
}
