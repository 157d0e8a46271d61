import { useEffect, useRef, useState, type TextareaHTMLAttributes } from "react";
import { koGuidesAdmin } from "~/copy/ko-guides-admin";
import { readSaveAnswer, shrinkPicture } from "~/lib/upload-form";
import { useHydrated } from "~/lib/use-hydrated";
import { GuideBody } from "./GuideBody";

// Writing a guide on a phone (docs/product.md §3 guides): the text is Markdown, but she need not know
// it. With JavaScript a toolbar inserts headings, bold, lists, checklists, links and photos where the
// cursor is, a 미리보기 tab shows the text as parents will see it (rendered on the server: the browser
// never loads the Markdown library), and what she types is kept on the device until it is saved.
// Without JavaScript the same textarea, a help line, and a 미리보기 button the server answers.

/** What is kept on the device while she writes: the form's words and when they were kept. */
export type GuideDraft = { detailNm: string; summary: string; body: string; savedAt: number };

/** The fields a draft keeps, by their form names. */
const DRAFT_FIELDS = ["detailNm", "summary", "body"] as const;
/** A pause in typing after which the draft is written. */
const DRAFT_DELAY_MS = 400;

export function readDraft(key: string): GuideDraft | null {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(key) ?? "null");
    if (!value || typeof value !== "object") return null;
    const draft = value as Partial<GuideDraft>;
    if (typeof draft.body !== "string" || typeof draft.savedAt !== "number") return null;
    return { detailNm: String(draft.detailNm ?? ""), summary: String(draft.summary ?? ""), body: draft.body, savedAt: draft.savedAt };
  } catch {
    return null;
  }
}

function writeDraft(key: string, draft: GuideDraft) {
  try {
    window.localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // A full or refused storage keeps nothing: the form itself still holds everything.
  }
}

export function removeDraft(key: string) {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}

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

type PreviewState = { kind: "idle" } | { kind: "loading" } | { kind: "ready"; html: string } | { kind: "failed" };

export function GuideEditor({
  textarea,
  draftKey,
  previewAction,
  serverPreview,
  pictureUploadUrl = "/api/detail/images",
}: {
  /** The body field's props (Conform's getTextareaProps): name, id, defaultValue, aria. */
  textarea: TextareaHTMLAttributes<HTMLTextAreaElement> & { name: string; id: string };
  /** Where this form's draft is kept on the device (one per guide, one per category for a new one). */
  draftKey: string;
  /** The page action that renders a preview (`intent=preview`). */
  previewAction: string;
  /** The preview the server rendered for a form posted without JavaScript. */
  serverPreview: string | null;
  pictureUploadUrl?: string;
}) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLTextAreaElement>(null);
  const photoRef = useRef<HTMLInputElement>(null);
  const [tab, setTab] = useState<"write" | "preview">("write");
  const [preview, setPreview] = useState<PreviewState>({ kind: "idle" });
  const [draft, setDraft] = useState<GuideDraft | null>(null);
  const [photo, setPhoto] = useState<"idle" | "uploading" | "failed">("idle");

  // A draft left on this device (a crash, a closed tab, an expired login) is offered back, unless it is what the form already says.
  useEffect(() => {
    const kept = readDraft(draftKey);
    const form = ref.current?.form;
    if (kept && DRAFT_FIELDS.some((name) => (formField(form, name)?.value ?? "") !== kept[name])) setDraft(kept);
  }, [draftKey]);

  // What she types is kept on the device after each pause.
  useEffect(() => {
    const form = ref.current?.form;
    if (!form) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const keep = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const values = Object.fromEntries(DRAFT_FIELDS.map((name) => [name, formField(form, name)?.value ?? ""])) as Record<
          (typeof DRAFT_FIELDS)[number],
          string
        >;
        writeDraft(draftKey, { ...values, savedAt: Date.now() });
      }, DRAFT_DELAY_MS);
    };
    const onInput = (event: Event) => {
      const name = (event.target as HTMLInputElement | null)?.name;
      if (DRAFT_FIELDS.includes(name as (typeof DRAFT_FIELDS)[number])) keep();
    };
    form.addEventListener("input", onInput);
    return () => {
      clearTimeout(timer);
      form.removeEventListener("input", onInput);
    };
  }, [draftKey]);

  function restoreDraft() {
    const form = ref.current?.form;
    if (!draft || !form) return;
    for (const name of DRAFT_FIELDS) {
      const field = formField(form, name);
      if (field) setFieldValue(field, draft[name]);
    }
    setDraft(null);
  }

  function discardDraft() {
    removeDraft(draftKey);
    setDraft(null);
  }

  async function showPreview() {
    setTab("preview");
    setPreview({ kind: "loading" });
    const body = new FormData();
    body.set("intent", "preview");
    body.set("body", ref.current?.value ?? "");
    try {
      const url = new URL(previewAction, window.location.href);
      url.pathname = `${url.pathname.replace(/\/$/, "")}.data`;
      const response = await fetch(url, { method: "POST", body });
      const outcome = await readSaveAnswer(response.status, await response.blob());
      const html = outcome.kind === "reply" ? (outcome.data as { preview?: { html?: string } } | null)?.preview?.html : undefined;
      setPreview(typeof html === "string" ? { kind: "ready", html } : { kind: "failed" });
    } catch {
      setPreview({ kind: "failed" });
    }
  }

  async function addPhoto(file: File) {
    const textarea = ref.current;
    if (!textarea) return;
    setPhoto("uploading");
    try {
      const shrunk = await shrinkPicture(file);
      const body = new FormData();
      body.set("imageFile", shrunk, shrunk.name);
      const response = await fetch(pictureUploadUrl, { method: "POST", body, headers: { Accept: "application/json" } });
      const answer = (await response.json().catch(() => null)) as { url?: string } | null;
      if (!response.ok || typeof answer?.url !== "string") throw new Error(String(response.status));
      insertAtCursor(textarea, "![", "", `](${answer.url})\n`, { ownLine: true });
      setPhoto("idle");
    } catch {
      setPhoto("failed");
    }
  }

  const tools: { label: string; insert: () => void }[] = [
    {
      label: koGuidesAdmin.heading,
      insert: () => insertAtCursor(ref.current!, "## ", koGuidesAdmin.headingText, "\n", { ownLine: true }),
    },
    { label: koGuidesAdmin.bold, insert: () => insertAtCursor(ref.current!, "**", koGuidesAdmin.boldText, "**") },
    { label: koGuidesAdmin.list, insert: () => insertAtCursor(ref.current!, "- ", koGuidesAdmin.listItem, "\n", { ownLine: true }) },
    {
      label: koGuidesAdmin.checklist,
      insert: () => insertAtCursor(ref.current!, "- [ ] ", koGuidesAdmin.listItem, "\n", { ownLine: true }),
    },
    {
      label: koGuidesAdmin.link,
      insert: () => {
        const address = window.prompt(koGuidesAdmin.linkPrompt, "https://");
        if (address && address !== "https://") insertAtCursor(ref.current!, "[", koGuidesAdmin.linkText, `](${address.trim()})`);
      },
    },
  ];

  return (
    <div className="guide-editor">
      {draft ? (
        <div className="guide-draft" role="status">
          <span>{koGuidesAdmin.draftFound(formatSavedAt(draft.savedAt))}</span>
          <button type="button" className="button button--small button--primary" onClick={restoreDraft}>
            {koGuidesAdmin.draftRestore}
          </button>
          <button type="button" className="button button--small" onClick={discardDraft}>
            {koGuidesAdmin.draftDiscard}
          </button>
        </div>
      ) : null}
      {hydrated ? (
        <div className="guide-editor__tabs" role="tablist" aria-label={koGuidesAdmin.editorTabs}>
          <button
            type="button"
            role="tab"
            id="guide-tab-write"
            aria-controls="guide-panel-write"
            aria-selected={tab === "write"}
            className="button button--small guide-editor__tab"
            onClick={() => setTab("write")}
          >
            {koGuidesAdmin.write}
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
      ) : null}
      <div
        id="guide-panel-write"
        role={hydrated ? "tabpanel" : undefined}
        aria-labelledby={hydrated ? "guide-tab-write" : undefined}
        hidden={hydrated && tab !== "write"}
      >
        {hydrated ? (
          <div className="guide-editor__toolbar" role="toolbar" aria-label={koGuidesAdmin.toolbar}>
            {tools.map((tool) => (
              <button key={tool.label} type="button" className="button button--small" onClick={tool.insert}>
                {tool.label}
              </button>
            ))}
            <button
              type="button"
              className="button button--small"
              onClick={() => photoRef.current?.click()}
              disabled={photo === "uploading"}
            >
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
        ) : null}
        {photo !== "idle" ? (
          <p className={photo === "failed" ? "form-error" : "hint"} role={photo === "failed" ? "alert" : "status"}>
            {photo === "failed" ? koGuidesAdmin.photoFailed : koGuidesAdmin.photoUploading}
          </p>
        ) : null}
        <textarea {...textarea} ref={ref} className="guide-editor__textarea" rows={16} placeholder={koGuidesAdmin.bodyPlaceholder} />
        {hydrated ? <p className="hint">{koGuidesAdmin.draftSaved}</p> : null}
      </div>
      {hydrated ? (
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
              <p className="hint">{koGuidesAdmin.previewEmpty}</p>
            )
          ) : preview.kind === "failed" ? (
            <p className="form-error" role="alert">
              {koGuidesAdmin.previewFailed}
            </p>
          ) : null}
        </div>
      ) : null}
      {serverPreview !== null ? (
        <section className="guide-preview" aria-labelledby="guide-server-preview">
          <h2 id="guide-server-preview">{koGuidesAdmin.previewTitle}</h2>
          {serverPreview ? <GuideBody html={serverPreview} /> : <p className="hint">{koGuidesAdmin.previewEmpty}</p>}
        </section>
      ) : null}
    </div>
  );
}
