import { responses } from "~/features/api-docs/responses";
import { detailListQuerySchema, guideForApi } from "~/features/guides/api.server";
import { listGuides, parseGuideCursor } from "~/features/guides/guides.server";
import { assertSectionShown } from "~/features/guides/section.server";
import { apiCall } from "~/lib/api-call.server";

export const { call, loader, action } = apiCall({
  method: "GET",
  summary:
    "The guides of a category, newest first, searched by title with `keyword`; one page of `limit` with `next` when `limit` is sent.",
  access: "anyone, more for the admin",
  request: { query: detailListQuerySchema },
  response: responses.detailPage,
  refusals: [404],
  answer({ admin, input: { detailCategoryId, keyword, limit, after } }) {
    assertSectionShown(admin);
    const { count, guides, next } = listGuides(admin, detailCategoryId, { keyword, limit, after: parseGuideCursor(after) });
    return { count, detailLists: guides.map(guideForApi), ...(limit ? { next } : {}) };
  },
});
