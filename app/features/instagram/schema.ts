import { ko } from "~/copy/ko";
import * as z from "~/lib/zod";

/** The /instagram-token form: a long-lived token pasted by the admin. */
export const instagramTokenSchema = z.object({
  token: z.string({ error: ko.instagram.tokenRequired }).trim().min(1, ko.instagram.tokenRequired).max(2000),
});
