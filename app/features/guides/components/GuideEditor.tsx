import { lazy, Suspense, useRef, useState, type RefObject, type TextareaHTMLAttributes } from "react";
import { koGuidesAdmin } from "~/copy/ko-guides-admin";
import { readSaveAnswer, shrinkPicture } from "~/lib/upload-form";
import { useHydrated } from "~/lib/use-hydrated";
import type { GuideDraft } from "./guide-draft";

// Writing a guide on a phone (docs/product.md §3 guides): the text is Markdown, but she need not know
// it. Without JavaScript: the textarea, the form's help line and a 미리보기 button the server answers
// (its preview is drawn here). With JavaScript, the tools (GuideEditorTools: a toolbar inserting
// headings, bold, lists, checklists, links and photos at the cursor, a 미리보기 tab rendered on the
// server, the draft kept on the device) load right after hydration, in four parts drawn around the
// textarea: the textarea itself is never drawn again, so nothing typed meanwhile is lost, and the
// form's first load carries none of their code (the owner's pages' 150 KiB, decision 0008).

export type { GuideDraft } from "./guide-draft";
export { removeDraft } from "./guide-draft";

// The tools' four parts, from one module loaded once (GuideEditorTools.tsx).
const EditorHead = lazy(() => import("./GuideEditorTools").then((tools) => ({ default: tools.EditorHead })));
const EditorToolbar = lazy(() => import("./GuideEditorTools").then((tools) => ({ default: tools.EditorToolbar })));
const EditorFoot = lazy(() => import("./GuideEditorTools").then((tools) => ({ default: tools.EditorFoot })));
const EditorPreview = lazy(() => import("./GuideEditorTools").then((tools) => ({ default: tools.EditorPreview })));

export type EditorTab = "write" | "preview";
/** The action's answer to 미리보기 (intent=preview): the text rendered, with the words the preview is shown with. */
export type GuidePreview = { title: string; html: string; empty: string };
export type PreviewState = { kind: "idle" } | { kind: "loading" } | { kind: "ready"; html: string; empty: string } | { kind: "failed" };

/** What the tools share, kept here so that their parts, drawn around the textarea, see one state. */
export type EditorState = { tab: EditorTab; preview: PreviewState; draft: GuideDraft | null; photo: "idle" | "uploading" | "failed" };

export type EditorTools = {
  state: EditorState;
  update: (change: Partial<EditorState>) => void;
  textareaRef: RefObject<HTMLTextAreaElement>;
  draftKey: string;
  previewAction: string;
  pictureUploadUrl: string;
  /** The form's own upload helpers, handed over so the tools' chunk shares the form's copy instead of splitting it out. */
  shrinkPicture: typeof shrinkPicture;
  readSaveAnswer: typeof readSaveAnswer;
};

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
  serverPreview: GuidePreview | null;
  pictureUploadUrl?: string;
}) {
  const hydrated = useHydrated();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [state, setState] = useState<EditorState>({ tab: "write", preview: { kind: "idle" }, draft: null, photo: "idle" });
  const tools: EditorTools = {
    state,
    update: (change) => setState((current) => ({ ...current, ...change })),
    textareaRef,
    draftKey,
    previewAction,
    pictureUploadUrl,
    shrinkPicture,
    readSaveAnswer,
  };
  const part = (Part: typeof EditorHead) =>
    hydrated ? (
      <Suspense fallback={null}>
        <Part tools={tools} />
      </Suspense>
    ) : null;
  return (
    <div className="guide-editor">
      {part(EditorHead)}
      <div
        id="guide-panel-write"
        role={hydrated ? "tabpanel" : undefined}
        aria-labelledby={hydrated ? "guide-tab-write" : undefined}
        hidden={hydrated && state.tab !== "write"}
      >
        {part(EditorToolbar)}
        <textarea
          {...textarea}
          ref={textareaRef}
          className="guide-editor__textarea"
          rows={16}
          placeholder={koGuidesAdmin.bodyPlaceholder}
        />
        {part(EditorFoot)}
      </div>
      {part(EditorPreview)}
      {serverPreview !== null ? (
        <section className="guide-preview" aria-labelledby="guide-server-preview">
          <h2 id="guide-server-preview">{serverPreview.title}</h2>
          {serverPreview.html ? (
            // The text as the server rendered and checked it (features/guides/markdown.server.ts), as GuideBody shows it.
            <div className="guide-body" dangerouslySetInnerHTML={{ __html: serverPreview.html }} />
          ) : (
            <p className="hint">{serverPreview.empty}</p>
          )}
        </section>
      ) : null}
    </div>
  );
}
