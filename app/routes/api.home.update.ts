import { responses } from "~/features/api-docs/responses";
import { updateHomeMenu } from "~/features/home/home.server";
import { homeUpdateSchema } from "~/features/home/schema";
import { apiCall } from "~/lib/api-call.server";

export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Changes the chosen menu names and visibilities.",
  access: "admin",
  request: { json: homeUpdateSchema },
  response: responses.homes,
  answer: ({ admin, input }) => ({ homes: [updateHomeMenu(admin, input)] }),
});
