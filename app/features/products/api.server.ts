import { ko } from "~/copy/ko";
import { AppError } from "~/lib/errors";
import { apiHandler, apiOk, parseFormData, requireMethod } from "~/lib/http.server";
import { assertAdmin, getAdmin } from "~/lib/session.server";
import { readMultipartForm } from "~/lib/uploads.server";
import { saveProduct } from "./products.server";
import { productSchema } from "./schema";

/** The API door of product register (no index) and edit (index required), multipart as SPEC §7. */
export function productSaveApi(request: Request, kind: "insert" | "update") {
  return apiHandler(async () => {
    requireMethod(request, "POST");
    const admin = await getAdmin(request);
    assertAdmin(admin);
    const formData = await readMultipartForm(request);
    if (kind === "insert") formData.delete("index");
    const input = parseFormData(formData, productSchema);
    if (kind === "update" && !input.index) {
      throw new AppError(400, "VALIDATION", ko.products.indexRequired, { index: [ko.products.indexRequired] });
    }
    const product = await saveProduct(admin, input);
    return apiOk({ productLists: [product] });
  });
}
