import { getCareerImages } from "~/features/career/career.server";
import { apiHandler, apiMethodNotAllowed, apiOk } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "public" });

export function loader() {
  return apiHandler(async () => apiOk({ careerBackground: { images: getCareerImages().map((image) => image.src) } }));
}

export const action = apiMethodNotAllowed;
