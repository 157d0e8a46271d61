import { responses } from "~/features/api-docs/responses";
import { guideApiSchema } from "~/features/guides/api-schema.server";
import { guideContentForApi } from "~/features/guides/api.server";
import { saveGuide } from "~/features/guides/guide-writes.server";
import { GUIDE_FORM_FILES } from "~/features/guides/schema";
import { siteOrigins } from "~/features/guides/section.server";
import { apiCall } from "~/lib/api-call.server";

/** Multipart like the page form (docs/product.md §7). */
export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Adds a guide (any `index` is ignored); its text is rendered once, now. `publishAt` later than now schedules it.",
  access: "admin",
  request: { multipart: guideApiSchema, files: GUIDE_FORM_FILES, newRecord: true },
  response: responses.savedDetail,
  async answer({ admin, input, request }) {
    const detail = guideContentForApi(await saveGuide(admin, input, siteOrigins(request)));
    return { index: detail.index, detail };
  },
});
