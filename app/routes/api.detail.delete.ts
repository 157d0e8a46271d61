import { responses } from "~/features/api-docs/responses";
import { deleteGuides } from "~/features/guides/guide-writes.server";
import { apiCall } from "~/lib/api-call.server";
import { detailDeleteSchema } from "~/lib/api-schemas.server";

export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Deletes the chosen guides with their pictures.",
  access: "admin",
  request: { json: detailDeleteSchema },
  response: responses.deletedCount,
  refusals: [404],
  answer: async ({ admin, input }) => ({
    deleted: await deleteGuides(
      admin,
      input.detailLists.map((item) => item.index),
    ),
  }),
});
