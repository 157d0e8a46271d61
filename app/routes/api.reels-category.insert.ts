import type { ActionFunctionArgs } from "@remix-run/node";
import { saveCategory } from "~/features/reels/categories.server";
import { categorySchema } from "~/features/reels/schema";
import { apiFailure, apiMethodNotAllowed, apiOk, parseFormData, requireAdminApi, requireMethod } from "~/lib/api.server";
import { readMultipartForm } from "~/lib/multipart.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin", body: { uploads: 1 } });

/** POST /api/reels-category/insert (multipart, docs/product.md §7): a new category (any `index` is ignored), answered as `reelsCategorys`. */
export async function action({ request }: ActionFunctionArgs) {
  try {
    requireMethod(request, "POST");
    const admin = await requireAdminApi(request);
    const formData = await readMultipartForm(request, 1);
    formData.delete("index");
    const category = await saveCategory(admin, parseFormData(formData, categorySchema));
    return apiOk({ reelsCategorys: [category] });
  } catch (error) {
    return apiFailure(error);
  }
}

export const loader = apiMethodNotAllowed;
