import { getCareerImages } from "~/features/career/career.server";
import { apiHandler, apiMethodNotAllowed, apiOk } from "~/lib/api.server";

export function loader() {
  return apiHandler(async () => apiOk({ careerBackground: { images: getCareerImages().map((image) => image.src) } }));
}

export const action = apiMethodNotAllowed;
