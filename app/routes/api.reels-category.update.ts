import type { ActionFunctionArgs } from "@remix-run/node";
import { saveCategory } from "~/features/reels/categories.server";
import { categorySchema } from "~/features/reels/schema";
import { saveApi } from "~/lib/api-save.server";
import { apiMethodNotAllowed } from "~/lib/api.server";

export function action({ request }: ActionFunctionArgs) {
  return saveApi(request, {
    kind: "update",
    schema: categorySchema,
    save: saveCategory,
    respond: (category) => ({ reelsCategorys: [category] }),
  });
}

export const loader = apiMethodNotAllowed;
