import { useEffect, useRef, useState } from "react";
import { Picture } from "~/components/Picture";
import { ko } from "~/copy/ko";
import { koAdmin } from "~/copy/ko-admin";
import { HELD_PICTURE_FIELD } from "~/lib/form-values";
import type { HeldPictureOfMany } from "~/lib/held-pictures.server";
import type { Picture as Stored } from "~/lib/picture";
import { useHydrated } from "~/lib/use-hydrated";
import { CAREER_CAPTION_MAX } from "../schema";

/** A picture already saved, as the edit screen's loader gives it. */
export type SavedPicture = { index: number; caption: string; thumbnail: Stored };

/** What the form sent last time, as its refusal gave it back (so her choices survive a failed save without JavaScript). */
export type SentChoices = { order?: unknown; caption?: unknown; remove?: unknown };

type Row =
  | { key: string; kind: "saved"; picture: SavedPicture; caption: string; place: number; removed: boolean }
  | { key: string; kind: "new"; file: File; preview: string; caption: string };

function list(value: unknown): string[] {
  return (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]).map((item) => String(item ?? ""));
}

/** The saved pictures as rows: in the order, places, captions and removals she sent last, else as saved. */
function initialRows(pictures: SavedPicture[], sent: SentChoices | undefined): Row[] {
  const byIndex = new Map(pictures.map((picture) => [picture.index, picture]));
  const captions = list(sent?.caption);
  const removed = new Set(list(sent?.remove));
  const rows: Row[] = [];
  list(sent?.order).forEach((entry, at) => {
    const [ref = "", place] = entry.split(":");
    const picture = byIndex.get(Number(ref));
    if (!picture || rows.some((row) => row.key === `saved-${ref}`)) return;
    const chosen = Number(place ?? at + 1);
    rows.push({ key: `saved-${ref}`, kind: "saved", picture, caption: captions[at] ?? "", place: chosen, removed: removed.has(ref) });
  });
  for (const picture of pictures) {
    if (rows.some((row) => row.key === `saved-${picture.index}`)) continue;
    const removedNow = removed.has(String(picture.index));
    rows.push({
      key: `saved-${picture.index}`,
      kind: "saved",
      picture,
      caption: picture.caption,
      place: rows.length + 1,
      removed: removedNow,
    });
  }
  return rows;
}

let added = 0;

/**
 * The career pictures one by one (docs/product.md §2 경력 수정): each with its place, its caption and
 * a way to delete it, and new pictures to add. Without JavaScript, each row has a 순서 choice and a
 * 삭제 tick, and the chosen files are added at the end. With it, 위로/아래로 move a row in place,
 * 삭제 marks it (되돌리기 undoes), chosen files become rows of their own (with a caption, movable),
 * and nothing is saved until 수정: a failed save keeps every choice.
 */
export function CareerEditor({
  pictures,
  sent,
  held,
  errors,
}: {
  pictures: SavedPicture[];
  sent?: SentChoices;
  /** The pictures she chose before a save that was refused, held by the server (a browser never fills a file field again). */
  held?: HeldPictureOfMany[];
  /** The form's errors by field name (`caption[2]`: the third entry's caption). */
  errors?: Record<string, string[] | null | undefined>;
}) {
  const hydrated = useHydrated();
  const [rows, setRows] = useState(() => initialRows(pictures, sent));
  const focusAfterMove = useRef<string | null>(null);

  useEffect(() => {
    const target = focusAfterMove.current;
    focusAfterMove.current = null;
    if (target) document.getElementById(target)?.focus();
  }, [rows]);

  useEffect(
    () => () => rows.forEach((row) => (row.kind === "new" ? URL.revokeObjectURL(row.preview) : undefined)),
    // Only when the editor goes: a row removed before revokes its own preview.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  function update(key: string, change: (row: Row) => Row | null) {
    setRows((current) => current.flatMap((row) => (row.key === key ? [change(row)].filter((next) => next !== null) : [row])));
  }

  function move(at: number, by: -1 | 1, direction: "up" | "down") {
    setRows((current) => {
      const next = [...current];
      const [row] = next.splice(at, 1);
      next.splice(at + by, 0, row!);
      // The button pressed, or its other one when the row reached an end.
      const ends = at + by === 0 ? "up" : at + by === next.length - 1 ? "down" : null;
      focusAfterMove.current = `career-${row!.key}-${ends === direction ? (direction === "up" ? "down" : "up") : direction}`;
      return next;
    });
  }

  function addFiles(input: HTMLInputElement) {
    const files = [...(input.files ?? [])];
    input.value = "";
    setRows((current) => [
      ...current,
      ...files.map((file): Row => ({ key: `new-${++added}`, kind: "new", file, preview: URL.createObjectURL(file), caption: "" })),
    ]);
  }

  let sentAt = -1;
  return (
    <div className="career-editor">
      <h2 className="field-label">{koAdmin.career.pictures}</h2>
      <p className="hint">{koAdmin.career.captionHint}</p>
      {rows.length === 0 ? <p className="empty">{koAdmin.career.none}</p> : null}
      <ol className="career-rows">
        {rows.map((row, at) => {
          const n = at + 1;
          // Without JavaScript every row sends its place and caption (the tick says what goes).
          const removed = hydrated && row.kind === "saved" && row.removed;
          if (!removed) sentAt++;
          const captionErrors = removed ? undefined : errors?.[`caption[${sentAt}]`];
          const captionId = `career-${row.key}-caption`;
          return (
            <li key={row.key} id={row.kind === "saved" ? `item-${row.picture.index}` : undefined} className="career-row">
              {row.kind === "saved" ? (
                <Picture className="career-row__thumb" picture={row.picture.thumbnail} alt={koAdmin.career.picture(n)} />
              ) : (
                <img className="career-row__thumb" src={row.preview} alt={koAdmin.career.picture(n)} width={72} height={96} />
              )}
              <div className="career-row__fields">
                {row.kind === "new" ? <span className="badge">{koAdmin.career.newPicture}</span> : null}
                {removed ? (
                  <p className="career-row__removed">{koAdmin.career.removed}</p>
                ) : (
                  <div className="field">
                    <label htmlFor={captionId}>{koAdmin.career.caption(n)}</label>
                    <input
                      id={captionId}
                      type="text"
                      name="caption"
                      maxLength={CAREER_CAPTION_MAX}
                      placeholder={koAdmin.career.captionPlaceholder}
                      value={row.caption}
                      onChange={(event) => update(row.key, (current) => ({ ...current, caption: event.target.value }))}
                      aria-invalid={captionErrors ? true : undefined}
                      aria-describedby={captionErrors ? `${captionId}-error` : undefined}
                    />
                    {captionErrors ? (
                      <p id={`${captionId}-error`} className="field__error">
                        {captionErrors[0]}
                      </p>
                    ) : null}
                  </div>
                )}
                {hydrated ? (
                  <>
                    {removed ? (
                      <input type="hidden" name="remove" value={row.picture.index} />
                    ) : (
                      <input type="hidden" name="order" value={row.kind === "saved" ? row.picture.index : "new"} />
                    )}
                    {row.kind === "new" ? <ChosenFile file={row.file} /> : null}
                    <div className="order-buttons">
                      <button
                        type="button"
                        id={`career-${row.key}-up`}
                        className="button button--small"
                        disabled={at === 0}
                        aria-label={koAdmin.career.moveUpOf(n)}
                        onClick={() => move(at, -1, "up")}
                      >
                        {ko.list.moveUp}
                      </button>
                      <button
                        type="button"
                        id={`career-${row.key}-down`}
                        className="button button--small"
                        disabled={at === rows.length - 1}
                        aria-label={koAdmin.career.moveDownOf(n)}
                        onClick={() => move(at, 1, "down")}
                      >
                        {ko.list.moveDown}
                      </button>
                      <button
                        type="button"
                        className={removed ? "button button--small" : "button button--small button--danger"}
                        aria-label={removed ? koAdmin.career.restoreOf(n) : koAdmin.career.removeOf(n)}
                        onClick={() =>
                          update(row.key, (current) => (current.kind === "new" ? null : { ...current, removed: !current.removed }))
                        }
                      >
                        {removed ? koAdmin.career.restore : koAdmin.career.removeMark}
                      </button>
                    </div>
                  </>
                ) : row.kind === "saved" ? (
                  <PlainControls row={row} n={n} count={rows.length} />
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      {held?.length ? (
        <div className="career-held">
          <p className="hint">{held[0]!.note}</p>
          <ul className="career-held__list">
            {held.map((picture) => (
              <li key={picture.token} className="career-held__item">
                <img src={picture.preview} alt={picture.name} width={72} height={96} />
                <label className="career-held__keep">
                  <input type="checkbox" name={HELD_PICTURE_FIELD} value={picture.token} defaultChecked />
                  {picture.keepLabel}
                </label>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="career-add">
        <label className="field-label" htmlFor="career-add">
          {koAdmin.career.add}
        </label>
        <input
          id="career-add"
          className="career-add__input"
          type="file"
          name={hydrated ? undefined : "imageFile"}
          accept="image/png,image/jpeg,image/webp"
          multiple
          aria-describedby="career-add-hint"
          onChange={(event) => addFiles(event.currentTarget)}
        />
        <p id="career-add-hint" className="hint">
          {hydrated ? koAdmin.career.addHint : koAdmin.career.addHintPlain}
        </p>
      </div>
    </div>
  );
}

/** A saved picture's controls without JavaScript: the place it should take, and a tick to delete it. */
function PlainControls({ row, n, count }: { row: Extract<Row, { kind: "saved" }>; n: number; count: number }) {
  const placeId = `career-${row.key}-place`;
  return (
    <div className="career-row__plain">
      <label htmlFor={placeId}>{koAdmin.career.place(n)}</label>
      <select id={placeId} name="order" defaultValue={`${row.picture.index}:${row.place}`}>
        {Array.from({ length: count }, (_, at) => (
          <option key={at} value={`${row.picture.index}:${at + 1}`}>
            {at + 1}
          </option>
        ))}
      </select>
      <label className="career-row__remove">
        <input
          type="checkbox"
          name="remove"
          value={row.picture.index}
          defaultChecked={row.removed}
          aria-label={koAdmin.career.removeOf(n)}
        />
        {koAdmin.career.removeMark}
      </label>
    </div>
  );
}

/** A new picture's file, in a file field of its own, so the form sends it in its row's place. */
function ChosenFile({ file }: { file: File }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!ref.current || typeof DataTransfer === "undefined") return;
    const transfer = new DataTransfer();
    transfer.items.add(file);
    ref.current.files = transfer.files;
  }, [file]);
  return <input ref={ref} type="file" name="imageFile" hidden />;
}
