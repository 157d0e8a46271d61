import { koAdmin } from "~/copy/ko-admin";
import { imageFields, requiredName, submissionId, whenPassed, yesNo } from "~/lib/form-values";
import { multiLineText, recordId } from "~/lib/input-rules";
import { linkField } from "~/lib/links";
import * as z from "~/lib/zod";
import { isBannerLink } from "./allowlists";

export const AD_NAME_MAX = 40;
/** Coupang's longest banner code (an iframe widget with its tracking parameters) is well under this. */
export const AD_CODE_MAX = 2000;
const URL_MAX = 500;

/**
 * A partner banner: an uploaded picture with a partner link, or the partner's own banner code
 * (parsed on the server into a link and picture, or a widget frame; the code itself is never kept).
 */
export const partnerAdSchema = z
  .object({
    index: recordId.optional(),
    name: requiredName(AD_NAME_MAX, { required: koAdmin.siteSettings.nameRequired, tooLong: koAdmin.siteSettings.nameTooLong }),
    source: z.enum(["upload", "code"]).default("upload"),
    ...imageFields,
    submissionId,
    link: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || undefined)
      .pipe(linkField(URL_MAX, koAdmin.siteSettings.linkNotAllowed, isBannerLink).optional())
      .meta({ format: "uri", description: "Any https address (`www.example.com` reads as https)." }),
    code: multiLineText()
      .trim()
      .max(AD_CODE_MAX, koAdmin.siteSettings.codeTooLong)
      .optional()
      .transform((value) => value || undefined),
    isView: yesNo.default(true),
  })
  .superRefine(
    (value, ctx) => {
      if (value.source === "upload" && !value.link) {
        ctx.addIssue({ code: "custom", path: ["link"], message: koAdmin.siteSettings.linkRequired });
      }
      if (value.source === "code" && !value.code) {
        ctx.addIssue({ code: "custom", path: ["code"], message: koAdmin.siteSettings.codeRequired });
      }
    },
    whenPassed("source", "link", "code"),
  );

export type PartnerAdInput = z.output<typeof partnerAdSchema>;

/** The list buttons of one banner (up, down, show, hide, delete), for the page and the API. */
export const partnerAdCommandSchema = z.object({
  index: recordId,
  command: z.enum(["up", "down", "show", "hide", "delete"]),
});

export type PartnerAdCommand = z.output<typeof partnerAdCommandSchema>["command"];
