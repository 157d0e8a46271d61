import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { ko } from "~/copy/ko";
import * as z from "~/lib/zod";
import { isAppError } from "./errors";
import { redirectWithFlash } from "./flash.server";
import { recordId } from "./input-rules";
import { readPageForm } from "./page.server";
import { getAdmin, type Admin } from "./session.server";

/** The delete-mode form of a list: the ticked items' ids, reviewed first, then confirmed. */
const selectionSchema = z.object({
  intent: z.enum(["review", "confirm"]).default("review"),
  index: z.array(recordId).max(500).default([]),
});

export type DeleteReview = { ids: number[]; lines: string[] };

/**
 * The page door of a list's delete mode (DESIGN §3): a "review" post answers what would be
 * deleted (the confirmation), a "confirm" post deletes and redirects with the result message.
 */
export async function handleListDelete(
  request: Request,
  {
    describe,
    remove,
    redirectTo,
  }: {
    describe: (admin: Admin, ids: number[]) => string[];
    remove: (admin: Admin, ids: number[]) => Promise<unknown>;
    redirectTo: string;
  },
) {
  const admin = await getAdmin(request);
  if (!admin) throw redirect("/");
  const submission = parseWithZod(await readPageForm(request), { schema: selectionSchema });
  if (submission.status !== "success") {
    return data({ formError: ko.list.nothingToDelete, review: null as DeleteReview | null }, { status: 400 });
  }
  const { intent, index: ids } = submission.value;
  try {
    if (intent === "review") {
      return { formError: null, review: { ids, lines: describe(admin, ids) } as DeleteReview | null };
    }
    await remove(admin, ids);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ formError: error.message, review: null as DeleteReview | null }, { status: error.status });
  }
  return redirectWithFlash(redirectTo, { message: ko.list.deleted });
}
