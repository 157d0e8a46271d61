import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { SAVED_STATE } from "~/components/DraftKeeper";
import { koAdmin } from "~/copy/ko-admin";
import type { FormReply } from "./admin-form.server";
import { PICTURE_KEPT_FIELD } from "./form-values";
import { postWithProgress, shrinkPicture, type SaveOutcome } from "./upload-form";

/** Why a save did not happen, in her words; the form keeps everything she typed and picked. */
function failureMessage(outcome: SaveOutcome, uploadMaxMb: number): string {
  if (outcome.kind === "redirect") return koAdmin.upload.loggedOut;
  if (outcome.kind === "reply") return firstFormError(outcome.data) ?? koAdmin.upload.checkFields;
  if (outcome.status === 0) return koAdmin.upload.connectionLost;
  if (outcome.status === 401 || outcome.status === 403) return koAdmin.upload.loggedOut;
  if (outcome.status === 413) return koAdmin.upload.tooLarge(uploadMaxMb);
  if (outcome.status === 415) return koAdmin.upload.refusedType;
  return koAdmin.upload.serverFailed;
}

function firstFormError(reply: unknown): string | undefined {
  const errors = (reply as FormReply | undefined)?.error?.[""];
  return errors?.[0];
}

/** Where a save stands: sending (with its upload progress, 0..100), or failed with a message. */
export type UploadFormState = {
  sending: boolean;
  percent: number | null;
  failure: string | null;
  failureRef: React.RefObject<HTMLParagraphElement>;
};

/**
 * A page form with pictures, with JavaScript: on submit (after the form's own checks) every picked
 * picture is shrunk, one too large even then is refused beside its field before anything is sent,
 * and the form goes to its page action by XMLHttpRequest with a progress bar. Success follows the
 * action's redirect; any failure keeps the form as it is (fields and picked files) with a message
 * beside the save button. A second tap while sending does nothing. Without JavaScript the form
 * posts as it always did.
 */
export function useUploadForm({ uploadMaxMb, onSaved }: { uploadMaxMb: number; onSaved?: () => void }) {
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const [percent, setPercent] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [reply, setReply] = useState<FormReply | undefined>(undefined);
  const [pictureErrors, setPictureErrors] = useState<Record<string, string[]>>({});
  const failureRef = useRef<HTMLParagraphElement>(null);
  const sendingRef = useRef(false);
  // The same picked file is shrunk once, however often she retries.
  const shrunk = useRef(new WeakMap<File, File>());

  useEffect(() => {
    if (failure) failureRef.current?.scrollIntoView({ block: "center", behavior: "smooth" });
  }, [failure]);

  async function send(form: HTMLFormElement, submitter: HTMLElement | null) {
    const body = submitter ? new FormData(form, submitter) : new FormData(form);
    // The files are taken from the choosers themselves, each replaced by what is sent for it.
    const choosers = [...form.elements].filter(
      (element): element is HTMLInputElement => element instanceof HTMLInputElement && element.type === "file" && element.name !== "",
    );
    for (const chooser of choosers) body.delete(chooser.name);
    body.set(PICTURE_KEPT_FIELD, "1");
    for (const chooser of choosers) {
      for (const original of chooser.files ?? []) {
        let file = shrunk.current.get(original);
        if (!file) {
          file = await shrinkPicture(original);
          shrunk.current.set(original, file);
        }
        if (file.size > uploadMaxMb * 1024 * 1024) {
          setPictureErrors({ [chooser.name]: [koAdmin.upload.tooLargeToShrink(uploadMaxMb)] });
          setFailure(koAdmin.upload.tooLargeToShrink(uploadMaxMb));
          return;
        }
        body.append(chooser.name, file, file.name);
      }
    }
    setPercent(0);
    const outcome = await postWithProgress(form.getAttribute("action") ?? window.location.pathname, body, (fraction) =>
      setPercent(Math.round(fraction * 100)),
    );
    // The action's redirect home is its answer to a visitor: her login has expired.
    if (outcome.kind === "redirect" && outcome.to !== "/") {
      onSaved?.();
      navigate(outcome.to, { replace: outcome.replace, state: SAVED_STATE });
      return;
    }
    if (outcome.kind === "reply") setReply(outcome.data as FormReply);
    setPercent(null);
    setFailure(failureMessage(outcome, uploadMaxMb));
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (event.defaultPrevented) return;
    event.preventDefault();
    if (sendingRef.current) return;
    sendingRef.current = true;
    setSending(true);
    setFailure(null);
    setPictureErrors({});
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    void send(event.currentTarget, submitter)
      .catch(() => setFailure(koAdmin.upload.serverFailed))
      .finally(() => {
        sendingRef.current = false;
        setSending(false);
      });
  }

  /** A form's own props (its checks in the browser run first) with the save by XMLHttpRequest after them. */
  function withUpload<P extends { onSubmit: (event: React.FormEvent<HTMLFormElement>) => void }>(formProps: P): P {
    return {
      ...formProps,
      onSubmit(event: React.FormEvent<HTMLFormElement>) {
        formProps.onSubmit(event);
        onSubmit(event);
      },
    };
  }

  const state: UploadFormState = { sending, percent, failure, failureRef };
  return { withUpload, reply, pictureErrors, state };
}
