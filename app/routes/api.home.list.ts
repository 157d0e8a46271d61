import { responses } from "~/features/api-docs/responses";
import { getHomeMenu } from "~/features/home/home.server";
import { apiCall } from "~/lib/api-call.server";

export const { call, loader, action } = apiCall({
  method: "GET",
  summary: "The home menu: names and which menus show.",
  access: "anyone",
  response: responses.homes,
  answer: () => ({ homes: [getHomeMenu()] }),
});
