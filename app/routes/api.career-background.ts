import { responses } from "~/features/api-docs/responses";
import { careerForApi, getCareerImages } from "~/features/career/career.server";
import { apiCall } from "~/lib/api-call.server";

export const { call, loader, action } = apiCall({
  method: "GET",
  summary: "The career pictures, in order, with their captions.",
  access: "anyone",
  response: responses.careerImages,
  answer: () => ({ careerBackground: careerForApi(getCareerImages()) }),
});
