import { responses } from "~/features/api-docs/responses";
import { guideContentForApi } from "~/features/guides/api.server";
import { saveGuide } from "~/features/guides/guide-writes.server";
import { GUIDE_FORM_FILES, guideSchema } from "~/features/guides/schema";
import { siteOrigins } from "~/features/guides/section.server";
import { apiCall } from "~/lib/api-call.server";

/** Multipart like the page form (docs/product.md §7). */
export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Adds a guide (any `index` is ignored); its text is rendered once, now. `publishAt` later than now schedules it.",
  access: "admin",
  request: { multipart: guideSchema, files: GUIDE_FORM_FILES, newRecord: true },
  response: responses.savedDetail,
  async answer({ admin, input, request }) {
    const detail = guideContentForApi(await saveGuide(admin, input, siteOrigins(request)));
    return { index: detail.index, detail };
  },
});
