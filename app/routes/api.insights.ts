import { responses } from "~/features/api-docs/responses";
import { getInsights } from "~/features/insights/insights.server";
import { insightsQuerySchema } from "~/features/insights/schema.server";
import { apiCall } from "~/lib/api-call.server";

/** The insights page's data as JSON (the API door of the same use case). */
export const { call, loader, action } = apiCall({
  method: "GET",
  summary:
    "The last `days` days (7, 30 or 90; 30 by default): page visits (total and per page route) and their sources, uses per day, totals and the most used records.",
  access: "admin",
  request: { query: insightsQuerySchema },
  response: responses.insights,
  answer: ({ admin, input }) => ({ insights: getInsights(admin, input) }),
});
