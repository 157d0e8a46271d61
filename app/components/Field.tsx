import { FieldError } from "~/components/FormErrors";

/** What a field needs from Conform's field metadata: its control's id and its errors' id. */
type FieldMeta = { id: string; errorId: string; errors?: string[] };

/**
 * A labelled form field and its error. The control is the child, spread with Conform's
 * `getInputProps`/`getTextareaProps`, which point its `aria-describedby` at the error below.
 */
export function Field({
  label,
  meta,
  hideLabel = false,
  children,
}: {
  label: string;
  meta: FieldMeta;
  /** A label kept for screen readers only, where the row around the field already says what it is. */
  hideLabel?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={meta.id} className={hideLabel ? "visually-hidden" : undefined}>
        {label}
      </label>
      {children}
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
