import { responses } from "~/features/api-docs/responses";
import { detailContentsQuerySchema, guideContentForApi } from "~/features/guides/api.server";
import { getGuideContent } from "~/features/guides/guides.server";
import { assertSectionShown } from "~/features/guides/section.server";
import { apiCall } from "~/lib/api-call.server";

export const { call, loader, action } = apiCall({
  method: "GET",
  summary: "One guide: the list fields, its text (`body`), the text as shown (`html`), its table of contents and reading time.",
  access: "anyone, more for the admin",
  request: { query: detailContentsQuerySchema },
  response: responses.detailContent,
  refusals: [404],
  answer({ admin, input: { detailId } }) {
    assertSectionShown(admin);
    return { detail: guideContentForApi(getGuideContent(admin, detailId)) };
  },
});
