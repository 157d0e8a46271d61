import { koAdmin } from "~/copy/ko-admin";
import { oneLineText } from "~/lib/input-rules";
import * as z from "~/lib/zod";

/** The /instagram-token form: a long-lived token pasted by the admin. */
export const instagramTokenSchema = z.object({
  token: oneLineText({ error: koAdmin.instagram.tokenRequired }).trim().min(1, koAdmin.instagram.tokenRequired).max(2000),
});
