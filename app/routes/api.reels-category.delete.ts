import { responses } from "~/features/api-docs/responses";
import { deleteCategories } from "~/features/reels/categories.server";
import { apiCall } from "~/lib/api-call.server";
import { categoryDeleteSchema } from "~/lib/api-schemas.server";

export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Deletes the chosen categories with their reels.",
  access: "admin",
  request: { json: categoryDeleteSchema },
  response: responses.deletedCategories,
  refusals: [404],
  answer: async ({ admin, input }) => ({
    deleted: await deleteCategories(
      admin,
      input.reelsCategorys.map((item) => item.index),
    ),
  }),
});
