import type { LoaderFunctionArgs } from "@remix-run/node";
import { getInsights } from "~/features/insights/insights.server";
import { apiFailure, apiMethodNotAllowed, apiOk, requireAdminApi } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin" });

/** The insights page's data as JSON (the API door of the same use case): admin only. */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    const admin = await requireAdminApi(request);
    return apiOk({ insights: getInsights(admin) });
  } catch (error) {
    return apiFailure(error);
  }
}

export const action = apiMethodNotAllowed;
