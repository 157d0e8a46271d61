import { useEffect, useRef, useState } from "react";
import { koCareer } from "~/copy/ko-career";
import { useHydrated } from "~/lib/use-hydrated";

/** A click-to-choose area for several images (PNG, JPEG or WebP), with previews in the chosen order and an ✕ to clear. */
export function CareerImagePicker({ errorId, invalid }: { errorId: string; invalid: boolean }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();
  const [previews, setPreviews] = useState<string[]>([]);

  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  function clear() {
    if (inputRef.current) inputRef.current.value = "";
    setPreviews([]);
  }

  return (
    <div className="career-picker">
      <label className="career-picker__area" htmlFor="career-images">
        <span aria-hidden="true" className="career-picker__icon">
          ＋
        </span>
        <span>{koCareer.choose}</span>
        {previews.length ? <strong>{koCareer.chosen(previews.length)}</strong> : null}
      </label>
      <input
        ref={inputRef}
        id="career-images"
        className={hydrated ? "visually-hidden" : "career-picker__input"}
        type="file"
        name="imageFile"
        accept="image/png,image/jpeg,image/webp"
        multiple
        aria-label={koCareer.chooseLabel}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => setPreviews([...(event.target.files ?? [])].map((file) => URL.createObjectURL(file)))}
      />
      {hydrated && previews.length ? (
        <div className="career-picker__previews">
          <button type="button" className="image-field__remove career-picker__clear" onClick={clear} aria-label={koCareer.clear}>
            ✕
          </button>
          <ol>
            {previews.map((url, index) => (
              <li key={url}>
                <img src={url} alt={koCareer.imageAlt(index + 1)} width={96} height={128} />
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </div>
  );
}
