import type { LoaderFunctionArgs } from "@remix-run/node";
import { getInsights } from "~/features/insights/insights.server";
import { adminApiHandler, apiMethodNotAllowed, apiOk } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin" });

/** The insights page's data as JSON (the API door of the same use case): admin only. */
export function loader({ request }: LoaderFunctionArgs) {
  return adminApiHandler(request, "GET", async (admin) => apiOk({ insights: getInsights(admin) }));
}

export const action = apiMethodNotAllowed;
