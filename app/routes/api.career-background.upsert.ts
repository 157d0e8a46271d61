import type { ActionFunctionArgs } from "@remix-run/node";
import { replaceCareerImages } from "~/features/career/career.server";
import { CAREER_MAX_IMAGES, careerSchema } from "~/features/career/schema";
import { apiFailure, apiMethodNotAllowed, apiOk, parseFormData, requireAdminApi, requireMethod } from "~/lib/api.server";
import { readMultipartForm } from "~/lib/multipart.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin", body: { uploads: CAREER_MAX_IMAGES } });

export async function action({ request }: ActionFunctionArgs) {
  try {
    requireMethod(request, "POST");
    const admin = await requireAdminApi(request);
    const input = parseFormData(await readMultipartForm(request, CAREER_MAX_IMAGES), careerSchema);
    const images = await replaceCareerImages(admin, input);
    return apiOk({ careerBackground: { images: images.map((image) => image.src) } });
  } catch (error) {
    return apiFailure(error);
  }
}

export const loader = apiMethodNotAllowed;
