import type * as z from "~/lib/zod";
import { FOOTER_LINKS_MAX, identityFields, SITE_INTRO_MAX, SITE_NAME_MAX } from "./identity-schema";
import { overridesSchema } from "./settings-schema";

// The call's schema apart from the two screens' (settings-schema.ts, identity-schema.ts), so that
// neither screen loads the other's rules, nor the API description's words.

/**
 * POST /api/site-settings/update: the chatbot embed and the Kakao key (a blank or missing field
 * clears the override) and the identity fields (a missing one keeps what is saved).
 */
export const siteSettingsSchema = overridesSchema.extend({
  siteName: identityFields.siteName.meta({
    description: `The site's name (header, titles, previews), at most ${SITE_NAME_MAX} characters. Left out: kept.`,
  }),
  siteIntro: identityFields.siteIntro.meta({
    description: `The home page's introduction and the previews' default description, at most ${SITE_INTRO_MAX} characters. Left out: kept; blank: a sentence naming the menus shown.`,
  }),
  siteHandle: identityFields.siteHandle.meta({
    description: 'The owner\'s handle, such as `@ot_teacher_kids` (the `@` is added when left out). Left out: kept; blank (""): none.',
  }),
  footerLinks: identityFields.footerLinks.meta({
    description: `The footer's links in their order, at most ${FOOTER_LINKS_MAX}, each a label and an https address (\`www.example.com\` reads as https; a wholly blank row is dropped). Left out: kept; an empty list removes them all.`,
  }),
  copyrightHolder: identityFields.copyrightHolder.meta({
    description: "Whose name the footer's copyright line gives. Left out: kept; blank: the site's name.",
  }),
  privacyContact: identityFields.privacyContact.meta({
    description: 'An e-mail address or a phone number, which the privacy pages give for questions. Left out: kept; blank (""): none.',
  }),
});

export type SiteSettingsInput = z.output<typeof siteSettingsSchema>;
