import { responses } from "~/features/api-docs/responses";
import { careerForApi, saveCareerImages } from "~/features/career/career.server";
import { CAREER_MAX_IMAGES, careerSchema } from "~/features/career/schema";
import { apiCall } from "~/lib/api-call.server";

export const { call, loader, action } = apiCall({
  method: "POST",
  summary:
    "Replaces the career pictures (`imageFile` repeated), or adds, removes, reorders and captions them one by one (`order`, `caption`, `remove`).",
  access: "admin",
  request: { multipart: careerSchema, files: CAREER_MAX_IMAGES },
  response: responses.careerImages,
  refusals: [409],
  async answer({ admin, input }) {
    return { careerBackground: careerForApi(await saveCareerImages(admin, input)) };
  },
});
