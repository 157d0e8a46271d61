import { koAdmin } from "~/copy/ko-admin";
import { oneLineText } from "~/lib/input-rules";
import * as z from "~/lib/zod";

/** The /instagram-token form: a long-lived token pasted by the admin. */
export const instagramTokenSchema = z.object({
  token: oneLineText({ error: koAdmin.instagram.tokenRequired }).trim().min(1, koAdmin.instagram.tokenRequired).max(2000),
});

/** The /instagram-token page's two forms: the pasted token (`intent=token`, the default) and 연결 해제. */
export const instagramTokenPageSchema = z.discriminatedUnion("intent", [
  instagramTokenSchema.extend({ intent: z.literal("token") }),
  z.object({ intent: z.literal("disconnect") }),
]);
