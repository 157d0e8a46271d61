// What the guide form keeps on the device while she writes (docs/product.md §3 guides, "Nothing she
// writes is lost"): read and written by the editor's tools, removed by the form once it is saved.

/** What is kept on the device while she writes: the form's words and when they were kept. */
export type GuideDraft = { detailNm: string; summary: string; body: string; savedAt: number };

/** The fields a draft keeps, by their form names. */
export const DRAFT_FIELDS = ["detailNm", "summary", "body"] as const;

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

export function writeDraft(key: string, draft: GuideDraft) {
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
