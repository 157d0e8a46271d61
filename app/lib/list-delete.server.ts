import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { ko } from "~/copy/ko";
import * as z from "~/lib/zod";
import { refusalOf } from "./errors";
import { recordId } from "./input-rules";
import { readPageForm } from "./page.server";

// The page door of a list's delete mode (docs/architecture.md §3), as the steps its action takes: read the
// selection; a "review" post answers what would be deleted (the confirmation), a "confirm" post
// deletes and redirects with ko.list.deleted; a refusal comes back as the form's error.

/** The delete-mode form of a list: the ticked items' ids, reviewed first, then confirmed. */
const selectionSchema = z.object({
  intent: z.enum(["review", "confirm"]).default("review"),
  index: z.array(recordId).max(500).default([]),
});

export type DeleteReview = { ids: number[]; lines: string[] };

type DeleteReply = { formError: string | null; review: DeleteReview | null };

/** The ticked ids and whether to review or delete them; an unreadable selection is a 400 reply. */
export async function readDeleteSelection(request: Request) {
  const submission = parseWithZod(await readPageForm(request), { schema: selectionSchema });
  if (submission.status !== "success") {
    return { ok: false as const, reply: data<DeleteReply>({ formError: ko.list.nothingToDelete, review: null }, { status: 400 }) };
  }
  return { ok: true as const, intent: submission.value.intent, ids: submission.value.index };
}

/** The confirmation: the chosen items as lines to read before deleting them. */
export function deleteReview(ids: number[], lines: string[]): DeleteReply {
  return { formError: null, review: { ids, lines } };
}

/** The use case refused (an AppError, e.g. nothing ticked): its message and status; anything else is thrown on. */
export function deleteFailed(error: unknown) {
  const refusal = refusalOf(error);
  return data<DeleteReply>({ formError: refusal.message, review: null }, { status: refusal.status });
}
