import { useHydrated } from "~/lib/use-hydrated";

// Both messages can take focus (tabIndex -1) so a failed submit can land on them: with JavaScript
// `useErrorFocus` moves there; without it the re-rendered page's `autofocus` does, and the browser
// focuses (and scrolls to) the first message of the page.

/** Errors of one field, tied to it by id so screen readers read them with the field. */
export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  // Mounted when an error appears: once the scripts run, React would focus it then, mid-typing.
  const landOnLoad = !useHydrated();
  if (!errors?.length) return null;
  return (
    <p id={id} className="field__error" tabIndex={-1} autoFocus={landOnLoad}>
      {errors[0]}
    </p>
  );
}

/** Errors of the whole form (for example a refused login), announced when they appear. */
export function FormError({ id, errors }: { id: string; errors?: string[] }) {
  // Always mounted, so React applies autofocus only where the page starts with errors.
  const hasErrors = Boolean(errors?.length);
  return (
    <div id={id} className="form-error" role="alert" tabIndex={-1} autoFocus={hasErrors}>
      {hasErrors ? errors!.map((message) => <p key={message}>{message}</p>) : null}
    </div>
  );
}
