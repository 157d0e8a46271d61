import { getCareerImages } from "~/features/career/career.server";
import { apiFailure, apiMethodNotAllowed, apiOk } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "public" });

export function loader() {
  try {
    return apiOk({ careerBackground: { images: getCareerImages().map((image) => image.src) } });
  } catch (error) {
    return apiFailure(error);
  }
}

export const action = apiMethodNotAllowed;
