/** The periods the insights offer, in days ending today (Korea time). */
export const INSIGHTS_PERIODS = [7, 30, 90] as const;
export type InsightsPeriod = (typeof INSIGHTS_PERIODS)[number];
export const DEFAULT_PERIOD: InsightsPeriod = 30;
