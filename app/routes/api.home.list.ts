import { getHomeMenu } from "~/features/home/home.server";
import { apiFailure, apiMethodNotAllowed, apiOk } from "~/lib/api.server";

export function loader() {
  try {
    return apiOk({ homes: [getHomeMenu()] });
  } catch (error) {
    return apiFailure(error);
  }
}

export const action = apiMethodNotAllowed;
