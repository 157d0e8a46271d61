import { ko } from "~/copy/ko";
import { oneLineText } from "~/lib/input-rules";
import * as z from "~/lib/zod";

const HANGUL = /[\u1100-\u11FF\u3130-\u318F\uA960-\uA97F\uAC00-\uD7AF\uD7B0-\uD7FF]/;

const credential = oneLineText()
  .max(100, ko.login.tooLong)
  .refine((value) => !HANGUL.test(value), ko.login.noHangul)
  .refine((value) => !value.includes("_"), ko.login.noUnderscore)
  .optional();

/** docs/product.md §5 login rules; both fields missing or either missing is one form-level message. */
export const loginSchema = z
  .object({
    id: credential,
    pw: credential,
    isPersonal: z.boolean().optional(),
    redirectTo: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.id || !value.pw) ctx.addIssue({ code: "custom", path: [], message: ko.login.required });
  })
  .transform((value) => ({
    id: value.id ?? "",
    pw: value.pw ?? "",
    isPersonal: value.isPersonal ?? false,
    redirectTo: value.redirectTo,
  }));

export type LoginInput = z.output<typeof loginSchema>;

/** The rule the admin account itself must meet, so it can always log in through the form. */
export function isValidLoginId(value: string) {
  return value.length > 0 && credential.safeParse(value).success;
}
