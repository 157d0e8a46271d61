import { useEffect, useRef, useState, type FormEvent } from "react";

/** The messages a failed submit shows (FormError, FieldError), in page order. */
const ERROR_MESSAGE = ".form-error:not(:empty), .field__error";

/**
 * Takes a failed submit to its first error, wherever the form was scrolled: the form's own
 * message, or else the first field's (its control gets the focus, ready to fix). Wraps a form's
 * Conform props: refused by the checks in the browser (Conform prevents the submit) or answered
 * with errors by the server (a new `lastResult`). Without JavaScript the messages' autofocus does it.
 */
export function useErrorFocus<P extends { onSubmit: (event: FormEvent<HTMLFormElement>) => void }>(formProps: P, lastResult: unknown) {
  const ref = useRef<HTMLFormElement>(null);
  const [refusedSubmits, setRefusedSubmits] = useState(0);
  useEffect(() => {
    if (!lastResult && refusedSubmits === 0) return;
    // Conform draws the errors in a render after this one: look in the next frame.
    const frame = requestAnimationFrame(() => focusFirstError(ref.current));
    return () => cancelAnimationFrame(frame);
  }, [lastResult, refusedSubmits]);
  return {
    ...formProps,
    ref,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      formProps.onSubmit(event);
      if (event.defaultPrevented) setRefusedSubmits((count) => count + 1);
    },
  };
}

function focusFirstError(form: HTMLFormElement | null) {
  const message = form?.querySelector<HTMLElement>(ERROR_MESSAGE);
  if (!form || !message) return;
  const control = [...form.elements].find(
    (element): element is HTMLElement =>
      element instanceof HTMLElement &&
      !element.matches(":disabled") &&
      (element.getAttribute("aria-describedby") ?? "").split(/\s+/).includes(message.id),
  );
  const target = control ?? message;
  target.focus({ preventScroll: true });
  // Centred: clear of the fixed header and bottom bar whatever their height.
  target.scrollIntoView({ block: "center" });
}
