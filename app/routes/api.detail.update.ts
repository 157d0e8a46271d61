import { responses } from "~/features/api-docs/responses";
import { guideApiSchema } from "~/features/guides/api-schema.server";
import { guideContentForApi } from "~/features/guides/api.server";
import { saveGuide } from "~/features/guides/guide-writes.server";
import { GUIDE_FORM_FILES } from "~/features/guides/schema";
import { siteOrigins } from "~/features/guides/section.server";
import { apiCall } from "~/lib/api-call.server";
import { requireIndex } from "~/lib/api.server";

/** Multipart like the page form (docs/product.md §7). */
export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Edits the guide `index` names; its text is rendered again.",
  access: "admin",
  request: { multipart: guideApiSchema, files: GUIDE_FORM_FILES },
  response: responses.savedDetail,
  refusals: [404],
  async answer({ admin, input, request }) {
    requireIndex(input.index);
    const detail = guideContentForApi(await saveGuide(admin, input, siteOrigins(request)));
    return { index: detail.index, detail };
  },
});
