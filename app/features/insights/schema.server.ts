import { koServer } from "~/copy/ko-server.server";
import * as z from "~/lib/zod";
import { DEFAULT_PERIOD, type InsightsPeriod } from "./periods";

/** The insights page's and `GET /api/insights`'s query: `days=7|30|90`, 30 when absent. */
export const insightsQuerySchema = z.object({
  days: z
    .enum(["7", "30", "90"], { error: koServer.insights.badPeriod })
    .optional()
    .transform((days): InsightsPeriod => (days ? (Number(days) as InsightsPeriod) : DEFAULT_PERIOD))
    .meta({ description: "The last 7, 30 or 90 Korea-time days, today included; 30 when absent." }),
});
