import { useEffect, useId, useRef, useState } from "react";
import { koAdmin } from "~/copy/ko-admin";
import { HELD_PICTURE_FIELD } from "~/lib/form-values";
import type { HeldPicture } from "~/lib/held-pictures.server";
import { useHydrated } from "~/lib/use-hydrated";
import { FieldError } from "./FormErrors";

/**
 * An image chooser with preview and an X to remove (docs/product.md §2). Without JavaScript it is a plain file
 * input beside the current image and a "remove" checkbox; the server decides the type by content. `held`
 * is the picture the server kept when the form came back with an error: shown as chosen, its token
 * sent with the form (a newly chosen file replaces it).
 */
export function ImageField({
  label,
  name = "imageFile",
  accept = "image/*",
  currentUrl,
  errors,
  errorId,
  prompt,
  held,
}: {
  label: string;
  name?: string;
  accept?: string;
  currentUrl: string | null;
  errors?: string[];
  errorId?: string;
  prompt?: string;
  held?: HeldPicture;
}) {
  const hydrated = useHydrated();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [removed, setRemoved] = useState(false);
  const id = useId();
  const labelId = `${id}-label`;
  const fallbackErrorId = `${id}-error`;

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  // X drops the held picture as it drops the current one; a new answer holding one shows it again.
  useEffect(() => setRemoved(false), [held]);
  const keptHeld = held && !removed ? held : null;
  const shown = preview ?? (keptHeld ? keptHeld.preview : removed ? null : currentUrl);

  function onChange(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Only pictures the browser can show get a preview; the server judges the file itself.
    setPreview(file && file.type.startsWith("image/") ? URL.createObjectURL(file) : null);
    setFileName(file?.name ?? null);
    if (file) setRemoved(false);
  }

  function onRemove() {
    if (inputRef.current) inputRef.current.value = "";
    setPreview(null);
    setFileName(null);
    setRemoved(true);
  }

  return (
    <div className="field image-field">
      <label id={labelId} htmlFor={id}>
        {label}
      </label>
      {prompt && !shown ? <p className="hint">{prompt}</p> : null}
      <div className="image-field__picker">
        {shown ? (
          <div className="image-field__preview">
            <img src={shown} alt={preview || keptHeld ? koAdmin.imageField.preview : koAdmin.imageField.current} width={160} height={160} />
            {hydrated ? (
              <button type="button" className="image-field__remove" onClick={onRemove} aria-label={koAdmin.imageField.remove}>
                ✕
              </button>
            ) : null}
          </div>
        ) : null}
        {/* The whole area opens the chooser, with or without JavaScript (a label of the input). */}
        <label className="image-field__area" htmlFor={id}>
          <svg aria-hidden="true" className="image-field__icon" viewBox="0 0 24 24" width="28" height="28">
            <path d="M12 5v14M5 12h14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span>{shown ? koAdmin.imageField.change : koAdmin.imageField.choose}</span>
          {fileName ? <strong className="image-field__file-name">{fileName}</strong> : null}
        </label>
      </div>
      <input
        ref={inputRef}
        id={id}
        // Without JavaScript the browser's own chooser stays in sight: it is what shows the chosen file's name.
        className={hydrated ? "visually-hidden" : undefined}
        type="file"
        name={name}
        accept={accept}
        onChange={onChange}
        aria-labelledby={labelId}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? (errorId ?? fallbackErrorId) : undefined}
      />
      {keptHeld ? (
        <>
          <input type="hidden" name={HELD_PICTURE_FIELD} value={keptHeld.token} />
          {preview ? null : <p className="hint">{keptHeld.note}</p>}
        </>
      ) : null}
      {currentUrl && !hydrated ? (
        <div className="field--check image-field__remove-check">
          <input type="checkbox" id={`${id}-remove`} name="removeImage" value="on" />
          <label htmlFor={`${id}-remove`}>{koAdmin.imageField.remove}</label>
        </div>
      ) : null}
      {hydrated && removed && currentUrl ? <input type="hidden" name="removeImage" value="on" /> : null}
      <FieldError id={errorId ?? fallbackErrorId} errors={errors} />
    </div>
  );
}
