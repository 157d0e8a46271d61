import { ko } from "~/copy/ko";
import * as z from "~/lib/zod";
import { adminApiHandler, apiOk, parseFormData, parseJsonBody } from "./api.server";
import { AppError } from "./errors";
import { recordId } from "./input-rules";
import { readMultipartForm } from "./multipart.server";
import type { Admin } from "./session.server";

/**
 * The API door of a register ("insert": any index is ignored) or edit ("update": index required)
 * call: multipart for uploads, JSON otherwise (SPEC §7), the same schema and use case as the page.
 */
export function saveApi<S extends z.ZodType<{ index?: number }>, R>(
  request: Request,
  {
    kind,
    schema,
    body = "multipart",
    maxFiles = 1,
    save,
    respond,
  }: {
    kind: "insert" | "update";
    schema: S;
    body?: "multipart" | "json";
    maxFiles?: number;
    save: (admin: Admin, input: z.output<S>) => Promise<R> | R;
    respond: (saved: R) => object;
  },
) {
  return adminApiHandler(request, "POST", async (admin) => {
    let input: z.output<S>;
    if (body === "multipart") {
      const formData = await readMultipartForm(request, maxFiles);
      if (kind === "insert") formData.delete("index");
      input = parseFormData(formData, schema);
    } else {
      input = await parseJsonBody(request, schema);
      if (kind === "insert") input = { ...input, index: undefined };
    }
    if (kind === "update" && !input.index) {
      throw new AppError(400, "VALIDATION", ko.errors.indexRequired, { index: [ko.errors.indexRequired] });
    }
    return apiOk(respond(await save(admin, input)));
  });
}

/** The API door of a list's delete call: `{<listKey>: [{index}, ...]}` (SPEC §7). */
export function deleteApi(
  request: Request,
  listKey: "productLists" | "reelsCategorys" | "reelsLists",
  remove: (admin: Admin, ids: number[]) => Promise<unknown>,
) {
  const schema = z.object({
    [listKey]: z.array(z.object({ index: recordId }).loose()).max(500),
  });
  return adminApiHandler(request, "POST", async (admin) => {
    const body = await parseJsonBody(request, schema);
    const ids = (body[listKey] as { index: number }[]).map((item) => item.index);
    return apiOk({ deleted: await remove(admin, ids) });
  });
}
