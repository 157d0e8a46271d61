import { ko } from "~/copy/ko";
import { apiError } from "~/lib/api.server";

/** An /api path that names no call: 404 in the API's shape. */
function notFound() {
  return apiError(404, "NOT_FOUND", ko.errors.notFound);
}

export const loader = notFound;
export const action = notFound;
