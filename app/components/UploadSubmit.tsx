import { koAdmin } from "~/copy/ko-admin";
import type { UploadFormState } from "~/lib/use-upload-form";

/**
 * The save button of a form with pictures, with what its save is doing right above it: the upload
 * progress while sending, and why the last save failed (brought into view) until the next one.
 */
export function UploadSubmit({ label, upload, busy }: { label: string; upload: UploadFormState; busy: boolean }) {
  const { sending, percent, failure, failureRef } = upload;
  return (
    <div className="upload-submit">
      {percent !== null ? (
        <div className="upload-submit__progress">
          <progress max={100} value={percent} aria-label={koAdmin.upload.progress} />
          <span aria-hidden="true">{percent}%</span>
        </div>
      ) : null}
      {failure ? (
        <p ref={failureRef} role="alert" className="upload-submit__failure">
          {failure}
        </p>
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={busy || sending} aria-busy={sending || undefined}>
        {sending ? koAdmin.upload.sending : label}
      </button>
    </div>
  );
}
