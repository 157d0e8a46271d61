import { responses } from "~/features/api-docs/responses";
import { deleteGuideCategories } from "~/features/guides/categories.server";
import { apiCall } from "~/lib/api-call.server";
import { detailCategoryDeleteSchema } from "~/lib/api-schemas.server";

export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Deletes the chosen guide categories with their guides.",
  access: "admin",
  request: { json: detailCategoryDeleteSchema },
  response: responses.deletedDetailCategories,
  refusals: [404],
  answer: async ({ admin, input }) => ({
    deleted: await deleteGuideCategories(
      admin,
      input.detailCategorys.map((item) => item.index),
    ),
  }),
});
