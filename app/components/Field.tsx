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
  hint,
  children,
}: {
  label: string;
  meta: FieldMeta;
  /** A label kept for screen readers only, where the row around the field already says what it is. */
  hideLabel?: boolean;
  /** A note under the label; the control names it with `aria-describedby={fieldDescriptionIds(meta)}`. */
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={meta.id} className={hideLabel ? "visually-hidden" : undefined}>
        {label}
      </label>
      {hint ? (
        <p className="hint" id={fieldHintId(meta)}>
          {hint}
        </p>
      ) : null}
      {children}
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** The id of a field's hint, and of its error too while it has one: what its control is described by. */
export function fieldDescriptionIds(meta: FieldMeta) {
  return meta.errors?.length ? `${fieldHintId(meta)} ${meta.errorId}` : fieldHintId(meta);
}

function fieldHintId(meta: FieldMeta) {
  return `${meta.id}-hint`;
}
