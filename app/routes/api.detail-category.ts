import { responses } from "~/features/api-docs/responses";
import { listGuideCategories } from "~/features/guides/categories.server";
import { assertSectionShown } from "~/features/guides/section.server";
import { apiCall } from "~/lib/api-call.server";

export const { call, loader, action } = apiCall({
  method: "GET",
  summary: "The guide categories (상세/심화 정보): published ones with a guide to read; all of them for the admin.",
  access: "anyone, more for the admin",
  response: responses.detailCategorys,
  refusals: [404],
  answer({ admin }) {
    assertSectionShown(admin);
    return { detailCategorys: listGuideCategories(admin) };
  },
});
