import { koIdentity } from "~/copy/ko-identity";
import { optionalFile, requiredName, yesNo } from "~/lib/form-values";
import { multiLineText, oneLineText } from "~/lib/input-rules";
import { linkField } from "~/lib/links";
import * as z from "~/lib/zod";

// The site's identity (사이트 정보, DESIGN §10 "Site identity"): what visitors see of whose site it
// is, typed by the owner on 사이트 설정 or sent to POST /api/site-settings/update. Every field is
// optional in a call: a field left out keeps what is saved; a blank one clears it (the site name,
// which a site always has, cannot be blank).

export const SITE_NAME_MAX = 30;
export const SITE_INTRO_MAX = 200;
export const HANDLE_MAX = 30;
export const FOOTER_LINKS_MAX = 8;
export const FOOTER_LABEL_MAX = 20;
export const COPYRIGHT_MAX = 60;
export const PRIVACY_CONTACT_MAX = 100;
const FOOTER_URL_MAX = 500;

/** A handle as Instagram, YouTube and blogs write one: `@` (optional when typed), then letters, digits, `.`, `_`, `-`. */
export const HANDLE_PATTERN = `@?[A-Za-z0-9._\\-]{1,${HANDLE_MAX}}`;

/** An e-mail address, plainly: something@host.tld, ASCII (what a mail app takes from a mailto: link). */
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
/** A phone number as people write one: 010-1234-5678, 02 123 4567, 1588-1234, +82 10-1234-5678. */
const PHONE = /^\+?[0-9]{2,4}([ -]?[0-9]{2,4}){1,3}$/;
/** Either, as one pattern (the API description's). */
export const PRIVACY_CONTACT_PATTERN = `^(?:${EMAIL.source.slice(1, -1)}|${PHONE.source.slice(1, -1)})$`;

export type FooterLink = { label: string; url: string };

/** How a privacy contact is reached: a mailto: or tel: link, by what it is. */
export function contactLink(contact: string): { kind: "email" | "phone"; href: string } {
  if (EMAIL.test(contact)) return { kind: "email", href: `mailto:${contact}` };
  return { kind: "phone", href: `tel:${contact.replace(/[^+0-9]/g, "")}` };
}

/** Text a blank of which clears the saved value: null; left out: undefined (kept). */
function clearable<S extends z.ZodType<string, string>>(rule: S) {
  return rule.transform((value) => (value === "" ? null : value)).optional();
}

const isHttps = (url: URL) => url.protocol === "https:";

/**
 * One row of the footer's links as a form or a call sends it. A row left wholly blank (the page's
 * spare rows without JavaScript) is dropped; a row with only one of the two is refused beside it.
 */
const footerLinkRow = z
  .object({
    label: oneLineText().trim().max(FOOTER_LABEL_MAX, koIdentity.footerLinkLabelTooLong).optional(),
    url: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || undefined)
      .pipe(linkField(FOOTER_URL_MAX, koIdentity.footerLinkUrlNotHttps, isHttps).optional())
      .meta({ format: "uri" }),
  })
  .optional();

const footerLinks = z
  .array(footerLinkRow)
  .max(FOOTER_LINKS_MAX, koIdentity.footerLinksTooMany)
  .superRefine((rows, ctx) => {
    rows.forEach((row, at) => {
      if (row?.label && !row.url) ctx.addIssue({ code: "custom", path: [at, "url"], message: koIdentity.footerLinkUrlRequired });
      if (row?.url && !row.label) ctx.addIssue({ code: "custom", path: [at, "label"], message: koIdentity.footerLinkLabelRequired });
    });
  })
  .transform((rows) => rows.filter((row): row is FooterLink => Boolean(row?.label && row.url)))
  .optional();

/** The identity fields of an update: each left out keeps what is saved (the API describes them: api-schema.ts). */
export const identityFields = {
  siteName: requiredName(SITE_NAME_MAX, {
    required: koIdentity.siteNameRequired,
    tooLong: koIdentity.siteNameTooLong,
  }).optional(),
  siteIntro: clearable(multiLineText().trim().max(SITE_INTRO_MAX, koIdentity.siteIntroTooLong)),
  siteHandle: clearable(
    oneLineText()
      .trim()
      .regex(new RegExp(`^(?:${HANDLE_PATTERN})?$`), koIdentity.siteHandleInvalid)
      .transform((value) => (value === "" || value.startsWith("@") ? value : `@${value}`)),
  ),
  footerLinks,
  copyrightHolder: clearable(oneLineText().trim().max(COPYRIGHT_MAX, koIdentity.copyrightHolderTooLong)),
  privacyContact: clearable(
    oneLineText()
      .trim()
      .max(PRIVACY_CONTACT_MAX, koIdentity.privacyContactInvalid)
      .regex(new RegExp(`^$|${PRIVACY_CONTACT_PATTERN}`), koIdentity.privacyContactInvalid),
  ),
};

/** The profile picture, a file of the page form only (the upload rules of every picture field). */
export const profilePictureFields = {
  imageFile: optionalFile,
  removeImage: yesNo.optional(),
};

/**
 * The 사이트 정보 screen's form (/site-settings/identity): the identity fields, the site's name
 * required (the form always shows it), and the profile picture's file. Every field is on the form,
 * so one read as absent (blank) is cleared, not kept (identityOfPageForm).
 */
export const identityFormSchema = z.object({
  ...identityFields,
  siteName: requiredName(SITE_NAME_MAX, {
    required: koIdentity.siteNameRequired,
    tooLong: koIdentity.siteNameTooLong,
  }),
  ...profilePictureFields,
});

export type IdentityFormInput = z.output<typeof identityFormSchema>;
