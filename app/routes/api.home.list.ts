import { getHomeMenu } from "~/features/home/home.server";
import { apiHandler, apiMethodNotAllowed, apiOk } from "~/lib/api.server";

export function loader() {
  return apiHandler(async () => apiOk({ homes: [getHomeMenu()] }));
}

export const action = apiMethodNotAllowed;
