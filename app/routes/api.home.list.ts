import { getHomeMenu } from "~/features/home/home.server";
import { apiHandler, apiMethodNotAllowed, apiOk } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "public" });

export function loader() {
  return apiHandler(async () => apiOk({ homes: [getHomeMenu()] }));
}

export const action = apiMethodNotAllowed;
