import type { LoaderFunctionArgs } from "@remix-run/node";
import { getInsights } from "~/features/insights/insights.server";
import { insightsQuerySchema } from "~/features/insights/schema.server";
import { apiFailure, apiMethodNotAllowed, apiOk, parseFormData, requireAdminApi } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin" });

/** The insights page's data as JSON (the API door of the same use case): admin only, `?days=7|30|90`. */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    const admin = await requireAdminApi(request);
    const query = parseFormData(new URL(request.url).searchParams, insightsQuerySchema);
    return apiOk({ insights: getInsights(admin, query) });
  } catch (error) {
    return apiFailure(error);
  }
}

export const action = apiMethodNotAllowed;
