import { createContext, useContext } from "react";
import { useHydrated } from "~/lib/use-hydrated";

// Both messages can take focus (tabIndex -1) so a failed submit can land on them: with JavaScript
// `useErrorFocus` moves there; without it the re-rendered page's `autofocus` does, and the browser
// focuses (and scrolls to) the first message of the page.

/**
 * A form whose page may start with several messages (an upsert screen refused on several fields):
 * only the first one rendered carries `autofocus`, as HTML allows one per page. A new record each
 * render of the form, claimed in document order; without one, each message carries it.
 */
export const FirstMessage = createContext<{ claimed: boolean } | null>(null);

function useLandHere(wants: boolean) {
  const first = useContext(FirstMessage);
  if (!wants || !first) return wants;
  if (first.claimed) return false;
  first.claimed = true;
  return true;
}

/** Errors of one field, tied to it by id so screen readers read them with the field. */
export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  // Mounted when an error appears: once the scripts run, React would focus it then, mid-typing.
  const landOnLoad = useLandHere(!useHydrated() && Boolean(errors?.length));
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
  const landHere = useLandHere(hasErrors);
  return (
    <div id={id} className="form-error" role="alert" tabIndex={-1} autoFocus={landHere}>
      {hasErrors ? errors!.map((message) => <p key={message}>{message}</p>) : null}
    </div>
  );
}
