import { getHomeMenu } from "~/features/home/home.server";
import { apiFailure, apiMethodNotAllowed, apiOk } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "public" });

export function loader() {
  try {
    return apiOk({ homes: [getHomeMenu()] });
  } catch (error) {
    return apiFailure(error);
  }
}

export const action = apiMethodNotAllowed;
