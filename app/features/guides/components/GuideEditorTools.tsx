import { useBeforeUnload } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { koGuideEditor } from "~/copy/ko-guide-editor";
import { koGuidesAdmin } from "~/copy/ko-guides-admin";
import { DRAFT_FIELDS, readDraft, removeDraft, writeDraft } from "./guide-draft";
import { GuideBody } from "./GuideBody";
import type { EditorTools, GuidePreview } from "./GuideEditor";

// The guide editor's tools, loaded after hydration (GuideEditor.tsx) in four parts drawn around the
// textarea, sharing the editor's state: the draft kept on the device and offered back with the
// 쓰기/미리보기 tabs (EditorHead), the toolbar with photos uploaded into the text at the cursor
// (EditorToolbar), a line under the text (EditorFoot), and the preview the server renders
// (EditorPreview: the browser never loads the Markdown library).

/** A pause in typing after which the draft is written. */
const DRAFT_DELAY_MS = 400;

function formField(form: HTMLFormElement | null | undefined, name: string) {
  const element = form?.elements.namedItem(name);
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement ? element : null;
}

/** Sets a field's value as typing would, so the form's checks (Conform) see the change. */
function setFieldValue(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

/** Puts `before` + the selected words (or `placeholder`) + `after` where the cursor is, and selects the words. */
export function insertAtCursor(textarea: HTMLTextAreaElement, before: string, placeholder = "", after = "", { ownLine = false } = {}) {
  const { selectionStart: start, selectionEnd: end, value } = textarea;
  const selected = value.slice(start, end) || placeholder;
  const lineStart = ownLine && start > 0 && value[start - 1] !== "\n" ? "\n" : "";
  const text = `${lineStart}${before}${selected}${after}`;
  setFieldValue(textarea, value.slice(0, start) + text + value.slice(end));
  const wordsAt = start + lineStart.length + before.length;
  textarea.focus();
  textarea.setSelectionRange(wordsAt, wordsAt + selected.length);
}

function formatSavedAt(savedAt: number) {
  const date = new Date(savedAt);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getMonth() + 1}/${date.getDate()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const words = koGuideEditor;

/** The draft offered back, the draft kept while she types, and the 쓰기/미리보기 tabs. */
export function EditorHead({ tools }: { tools: EditorTools }) {
  const { state, update, textareaRef: ref, draftKey, previewAction, readSaveAnswer } = tools;
  const { draft, tab } = state;

  // A draft left on this device (a crash, a closed tab, an expired login) is offered back, unless it is what the form already says.
  useEffect(() => {
    const kept = readDraft(draftKey);
    const form = ref.current?.form;
    if (kept && DRAFT_FIELDS.some((name) => (formField(form, name)?.value ?? "") !== kept[name])) update({ draft: kept });
    // Once per form: `update` is a new function at every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draftKey, ref]);

  // What she types is kept on the device after each pause, and at once when the page is left
  // (a closed tab or a reload must not lose the last words of a pause not yet over).
  const flush = useRef<(() => void) | null>(null);
  useEffect(() => {
    const form = ref.current?.form;
    if (!form) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const write = () => {
      clearTimeout(timer);
      timer = undefined;
      const values = Object.fromEntries(DRAFT_FIELDS.map((name) => [name, formField(form, name)?.value ?? ""])) as Record<
        (typeof DRAFT_FIELDS)[number],
        string
      >;
      writeDraft(draftKey, { ...values, savedAt: Date.now() });
    };
    const onInput = (event: Event) => {
      const name = (event.target as HTMLInputElement | null)?.name;
      if (!DRAFT_FIELDS.includes(name as (typeof DRAFT_FIELDS)[number])) return;
      clearTimeout(timer);
      timer = setTimeout(write, DRAFT_DELAY_MS);
    };
    flush.current = () => {
      if (timer !== undefined) write();
    };
    form.addEventListener("input", onInput);
    return () => {
      clearTimeout(timer);
      flush.current = null;
      form.removeEventListener("input", onInput);
    };
  }, [draftKey, ref]);
  useBeforeUnload(useCallback(() => flush.current?.(), []));

  function restoreDraft() {
    const form = ref.current?.form;
    if (!draft || !form) return;
    for (const name of DRAFT_FIELDS) {
      const field = formField(form, name);
      if (field) setFieldValue(field, draft[name]);
    }
    update({ draft: null });
  }

  function discardDraft() {
    removeDraft(draftKey);
    update({ draft: null });
  }

  async function showPreview() {
    update({ tab: "preview", preview: { kind: "loading" } });
    const body = new FormData();
    body.set("intent", "preview");
    body.set("body", ref.current?.value ?? "");
    try {
      const url = new URL(previewAction, window.location.href);
      url.pathname = `${url.pathname.replace(/\/$/, "")}.data`;
      const response = await fetch(url, { method: "POST", body });
      const outcome = await readSaveAnswer(response.status, await response.blob());
      const answer = outcome.kind === "reply" ? (outcome.data as { preview?: Partial<GuidePreview> } | null)?.preview : undefined;
      update({
        preview: typeof answer?.html === "string" ? { kind: "ready", html: answer.html, empty: answer.empty ?? "" } : { kind: "failed" },
      });
    } catch {
      update({ preview: { kind: "failed" } });
    }
  }

  return (
    <>
      {draft ? (
        <div className="guide-draft" role="status">
          <span>{words.draftFound(formatSavedAt(draft.savedAt))}</span>
          <button type="button" className="button button--small button--primary" onClick={restoreDraft}>
            {words.draftRestore}
          </button>
          <button type="button" className="button button--small" onClick={discardDraft}>
            {words.draftDiscard}
          </button>
        </div>
      ) : null}
      <div className="guide-editor__tabs" role="tablist" aria-label={words.editorTabs}>
        <button
          type="button"
          role="tab"
          id="guide-tab-write"
          aria-controls="guide-panel-write"
          aria-selected={tab === "write"}
          className="button button--small guide-editor__tab"
          onClick={() => update({ tab: "write" })}
        >
          {words.write}
        </button>
        <button
          type="button"
          role="tab"
          id="guide-tab-preview"
          aria-controls="guide-panel-preview"
          aria-selected={tab === "preview"}
          className="button button--small guide-editor__tab"
          onClick={() => void showPreview()}
        >
          {koGuidesAdmin.preview}
        </button>
      </div>
    </>
  );
}

const TOOLS: { label: string; insert: (area: HTMLTextAreaElement) => void }[] = [
  { label: words.heading, insert: (area) => insertAtCursor(area, "## ", words.headingText, "\n", { ownLine: true }) },
  { label: words.bold, insert: (area) => insertAtCursor(area, "**", words.boldText, "**") },
  { label: words.list, insert: (area) => insertAtCursor(area, "- ", words.listItem, "\n", { ownLine: true }) },
  { label: words.checklist, insert: (area) => insertAtCursor(area, "- [ ] ", words.listItem, "\n", { ownLine: true }) },
  {
    label: words.link,
    insert: (area) => {
      const address = window.prompt(words.linkPrompt, "https://");
      if (address && address !== "https://") insertAtCursor(area, "[", words.linkText, `](${address.trim()})`);
    },
  },
];

/** The toolbar over the textarea, photos uploaded into the text where the cursor is. */
export function EditorToolbar({ tools }: { tools: EditorTools }) {
  const { state, update, textareaRef: ref, pictureUploadUrl, shrinkPicture } = tools;
  const photoRef = useRef<HTMLInputElement>(null);
  const { photo } = state;

  async function addPhoto(file: File) {
    const textarea = ref.current;
    if (!textarea) return;
    update({ photo: "uploading" });
    try {
      const shrunk = await shrinkPicture(file);
      const body = new FormData();
      body.set("imageFile", shrunk, shrunk.name);
      const response = await fetch(pictureUploadUrl, { method: "POST", body, headers: { Accept: "application/json" } });
      const answer = (await response.json().catch(() => null)) as { url?: string } | null;
      if (!response.ok || typeof answer?.url !== "string") throw new Error(String(response.status));
      insertAtCursor(textarea, "![", "", `](${answer.url})\n`, { ownLine: true });
      update({ photo: "idle" });
    } catch {
      update({ photo: "failed" });
    }
  }

  return (
    <>
      <div className="guide-editor__toolbar" role="toolbar" aria-label={words.toolbar}>
        {TOOLS.map((tool) => (
          <button key={tool.label} type="button" className="button button--small" onClick={() => ref.current && tool.insert(ref.current)}>
            {tool.label}
          </button>
        ))}
        <button type="button" className="button button--small" onClick={() => photoRef.current?.click()} disabled={photo === "uploading"}>
          {koGuidesAdmin.photo}
        </button>
        <input
          ref={photoRef}
          type="file"
          accept="image/*"
          hidden
          aria-label={koGuidesAdmin.photo}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void addPhoto(file);
          }}
        />
      </div>
      {photo !== "idle" ? (
        <p className={photo === "failed" ? "form-error" : "hint"} role={photo === "failed" ? "alert" : "status"}>
          {photo === "failed" ? words.photoFailed : words.photoUploading}
        </p>
      ) : null}
    </>
  );
}

/** The line under the text: what she writes is kept on this device. */
export function EditorFoot() {
  return <p className="hint">{words.draftSaved}</p>;
}

/** The 미리보기 tab's panel: the text as parents will see it, rendered by the server. */
export function EditorPreview({ tools }: { tools: EditorTools }) {
  const { tab, preview } = tools.state;
  return (
    <div
      id="guide-panel-preview"
      role="tabpanel"
      aria-labelledby="guide-tab-preview"
      hidden={tab !== "preview"}
      aria-busy={preview.kind === "loading"}
    >
      {preview.kind === "ready" ? (
        preview.html ? (
          <div className="guide-preview">
            <GuideBody html={preview.html} />
          </div>
        ) : (
          <p className="hint">{preview.empty}</p>
        )
      ) : preview.kind === "failed" ? (
        <p className="form-error" role="alert">
          {words.previewFailed}
        </p>
      ) : null}
    </div>
  );
}
