/** Errors of one field, tied to it by id so screen readers read them with the field. */
export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="field__error">
      {errors[0]}
    </p>
  );
}

/** Errors of the whole form (for example a refused login), announced when they appear. */
export function FormError({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <div id={id} className="form-error" role="alert">
      {errors?.length ? errors.map((message) => <p key={message}>{message}</p>) : null}
    </div>
  );
}
