import { getInputProps, getTextareaProps, type FormMetadata } from "@conform-to/react";
import { Field, fieldDescriptionIds } from "~/components/Field";
import { FieldError } from "~/components/FormErrors";
import { ImageField } from "~/components/ImageField";
import type { HeldPicture } from "~/lib/held-pictures.server";
import { useHydrated } from "~/lib/use-hydrated";
import type * as z from "~/lib/zod";
import {
  COPYRIGHT_MAX,
  FOOTER_LABEL_MAX,
  FOOTER_LINKS_MAX,
  HANDLE_MAX,
  PRIVACY_CONTACT_MAX,
  SITE_INTRO_MAX,
  SITE_NAME_MAX,
} from "../identity-schema";
import type { identityFormSchema, FooterLink } from "../identity-schema";

type Form = FormMetadata<z.input<typeof identityFormSchema>, string[]>;
type Fields = ReturnType<Form["getFieldset"]>;

/** Blank rows drawn after her links, so that a link can be added without JavaScript. */
const SPARE_ROWS = 2;

/** The rows the form starts with: her links, then spare blank ones (at most FOOTER_LINKS_MAX in all). */
export function footerLinkRows(links: readonly FooterLink[]): Partial<FooterLink>[] {
  const spare = Math.max(0, Math.min(SPARE_ROWS, FOOTER_LINKS_MAX - links.length));
  return [...links.map((link) => ({ ...link })), ...Array.from({ length: spare }, () => ({ label: "", url: "" }))];
}

/**
 * 사이트 정보 (DESIGN §10 "Site identity"): the site's name, introduction, handle, profile picture,
 * the footer's links, the copyright holder and the privacy contact. Without JavaScript the footer's
 * links have spare blank rows, and a row is removed by clearing it; with JavaScript rows are added
 * and removed by buttons.
 */
/** The screen's labels and hints, from its loader's data (koServer.siteIdentity; "{n}": a row's number). */
export type IdentityWords = Record<
  | "title"
  | "identityHint"
  | "siteName"
  | "siteNameHint"
  | "siteIntro"
  | "siteIntroHint"
  | "siteHandle"
  | "siteHandleHint"
  | "profileImage"
  | "profileImageHint"
  | "footerLinks"
  | "footerLinksHint"
  | "footerLinksBlankRows"
  | "footerLinkLabel"
  | "footerLinkUrl"
  | "footerLinkLabelPlaceholder"
  | "addFooterLink"
  | "removeFooterLink"
  | "noFooterLinks"
  | "copyrightHolder"
  | "copyrightHolderHint"
  | "privacyContact"
  | "privacyContactHint",
  string
>;

const numbered = (words: string, n: number) => words.replace("{n}", String(n));

export function IdentityFields({
  form,
  fields,
  words,
  profileImage,
  pictureErrors,
  heldPicture,
}: {
  form: Form;
  fields: Fields;
  words: IdentityWords;
  profileImage: string | null;
  pictureErrors?: string[];
  /** The profile picture the server held when the form came back with an error (ImageField's `held`). */
  heldPicture?: HeldPicture;
}) {
  const hydrated = useHydrated();
  const rows = fields.footerLinks.getFieldList();
  return (
    <fieldset className="card settings-section">
      <legend className="settings-section__title">{words.title}</legend>
      <p className="hint">{words.identityHint}</p>
      <Field label={words.siteName} meta={fields.siteName} hint={words.siteNameHint}>
        <input
          {...getInputProps(fields.siteName, { type: "text" })}
          maxLength={SITE_NAME_MAX}
          aria-describedby={fieldDescriptionIds(fields.siteName)}
        />
      </Field>
      <Field label={words.siteIntro} meta={fields.siteIntro} hint={words.siteIntroHint}>
        <textarea
          {...getTextareaProps(fields.siteIntro)}
          rows={3}
          maxLength={SITE_INTRO_MAX}
          aria-describedby={fieldDescriptionIds(fields.siteIntro)}
        />
      </Field>
      <Field label={words.siteHandle} meta={fields.siteHandle} hint={words.siteHandleHint}>
        <input
          {...getInputProps(fields.siteHandle, { type: "text" })}
          maxLength={HANDLE_MAX + 1}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="@ot_teacher_kids"
          aria-describedby={fieldDescriptionIds(fields.siteHandle)}
        />
      </Field>
      <ImageField
        label={words.profileImage}
        prompt={words.profileImageHint}
        currentUrl={profileImage}
        errors={pictureErrors ?? fields.imageFile.errors}
        errorId={fields.imageFile.errorId}
        held={heldPicture}
      />
      {/* Rows added or removed with JavaScript come back with the device draft (lib/form-draft.ts). */}
      <fieldset className="footer-links-field" data-draft-list={fields.footerLinks.name}>
        <legend>{words.footerLinks}</legend>
        <p className="hint">{words.footerLinksHint}</p>
        {hydrated ? null : <p className="hint">{words.footerLinksBlankRows}</p>}
        {rows.length === 0 ? <p className="hint">{words.noFooterLinks}</p> : null}
        <ol className="footer-links-field__rows">
          {rows.map((row, at) => {
            const { label, url } = row.getFieldset();
            return (
              <li key={row.key} className="footer-links-field__row">
                <Field label={numbered(words.footerLinkLabel, at + 1)} meta={label}>
                  <input
                    {...getInputProps(label, { type: "text" })}
                    maxLength={FOOTER_LABEL_MAX}
                    placeholder={words.footerLinkLabelPlaceholder}
                  />
                </Field>
                <Field label={numbered(words.footerLinkUrl, at + 1)} meta={url}>
                  <input {...getInputProps(url, { type: "text" })} inputMode="url" autoCapitalize="none" placeholder="https://" />
                </Field>
                {hydrated ? (
                  <button
                    type="button"
                    className="button button--small"
                    data-draft-remove=""
                    onClick={() => form.remove({ name: fields.footerLinks.name, index: at })}
                  >
                    {numbered(words.removeFooterLink, at + 1)}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ol>
        {hydrated && rows.length < FOOTER_LINKS_MAX ? (
          <button
            type="button"
            className="button button--block"
            data-draft-add=""
            onClick={() => form.insert({ name: fields.footerLinks.name, defaultValue: { label: "", url: "" } })}
          >
            {words.addFooterLink}
          </button>
        ) : null}
        <FieldError id={fields.footerLinks.errorId} errors={fields.footerLinks.errors} />
      </fieldset>
      <Field label={words.copyrightHolder} meta={fields.copyrightHolder} hint={words.copyrightHolderHint}>
        <input
          {...getInputProps(fields.copyrightHolder, { type: "text" })}
          maxLength={COPYRIGHT_MAX}
          aria-describedby={fieldDescriptionIds(fields.copyrightHolder)}
        />
      </Field>
      <Field label={words.privacyContact} meta={fields.privacyContact} hint={words.privacyContactHint}>
        <input
          {...getInputProps(fields.privacyContact, { type: "text" })}
          maxLength={PRIVACY_CONTACT_MAX}
          autoCapitalize="none"
          spellCheck={false}
          placeholder="name@example.com"
          aria-describedby={fieldDescriptionIds(fields.privacyContact)}
        />
      </Field>
    </fieldset>
  );
}
