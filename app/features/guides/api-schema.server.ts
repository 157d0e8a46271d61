import { guideSchema, publishAt } from "./schema";

/**
 * POST /api/detail/insert and /update: the guide form's schema, with what /api/openapi.json says of
 * `publishAt` (kept here, on the server, so the form's JavaScript carries none of it).
 */
export const guideApiSchema = guideSchema.extend({
  publishAt: publishAt.meta({
    type: "string",
    pattern: "^(\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2})?$",
    description: "Korea time, `yyyy-MM-dd HH:mm` (or `yyyy-MM-ddTHH:mm`), years 2000–2099; empty: at once; later: scheduled.",
  }),
});
