import { responses } from "~/features/api-docs/responses";
import { replaceCareerImages } from "~/features/career/career.server";
import { CAREER_MAX_IMAGES, careerSchema } from "~/features/career/schema";
import { apiCall } from "~/lib/api-call.server";

export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Replaces the career pictures (PNG, `imageFile` repeated).",
  access: "admin",
  request: { multipart: careerSchema, files: CAREER_MAX_IMAGES },
  response: responses.careerImages,
  async answer({ admin, input }) {
    const images = await replaceCareerImages(admin, input);
    return { careerBackground: { images: images.map((image) => image.src) } };
  },
});
