import { getInputProps, getTextareaProps } from "@conform-to/react";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { Field, fieldDescriptionIds } from "~/components/Field";
import { ImageField } from "~/components/ImageField";
import { SegmentedChoice } from "~/components/SegmentedChoice";
import { TextField, UpsertForm, VisibilityChoice } from "~/components/UpsertForm";
import { koAdmin } from "~/copy/ko-admin";
import { koServer } from "~/copy/ko-server.server";
import { getPartnerAd, savePartnerAd } from "~/features/settings/partner-ads.server";
import { SITE_SETTINGS_PATH } from "~/features/settings/paths";
import { AD_CODE_MAX, AD_NAME_MAX, partnerAdSchema } from "~/features/settings/schema";
import { failedForm, readUpsertForm, recordToEdit, saved, uploadFormData, upsertPage } from "~/lib/admin-form.server";
import { routeFacts } from "~/lib/route-facts";
import { pageMeta } from "~/lib/seo";
import { useHydrated } from "~/lib/use-hydrated";
import { useUpsertForm } from "~/lib/use-upsert-form";
import adsStyles from "~/styles/ads.css";
import settingsStyles from "~/styles/settings.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: adsStyles },
  { rel: "stylesheet", href: settingsStyles },
];

export const handle = routeFacts({ access: "admin", jsBudgetKiB: 150, body: { uploads: 1 } });

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { title: args.data?.ad ? koAdmin.siteSettings.adEditTitle : koAdmin.siteSettings.adRegisterTitle, noindex: true });

export async function loader(args: LoaderFunctionArgs) {
  const { admin, target } = await upsertPage(args);
  return { ad: recordToEdit(target, (id) => getPartnerAd(admin, id)), ...uploadFormData() };
}

export async function action(args: ActionFunctionArgs) {
  const form = await readUpsertForm(args, partnerAdSchema, { files: 1 });
  if (!form.ok) return form.reply;
  try {
    await savePartnerAd(form.admin, form.submission.value);
  } catch (error) {
    return failedForm(form.submission, error);
  }
  return saved(SITE_SETTINGS_PATH, form.target === null ? koServer.flash.adRegistered : koServer.flash.adUpdated);
}

type Source = "upload" | "code";

export default function PartnerAdUpsert() {
  const { ad, uploadMaxMb, submissionId } = useLoaderData<typeof loader>();
  const { fields, frame, pictureErrors, heldPicture } = useUpsertForm(partnerAdSchema, {
    uploadMaxMb,
    defaultValue: {
      name: ad?.name ?? "",
      source: ad?.source ?? "upload",
      link: ad?.source === "upload" ? (ad.link ?? "") : "",
      code: ad?.code ?? "",
      isView: String(ad?.isView ?? true) as "true",
    },
  });
  const hydrated = useHydrated();
  const [source, setSource] = useState<Source>((fields.source.initialValue as Source | undefined) ?? "upload");
  function chooseSource(input: HTMLInputElement) {
    if (input.name === fields.source.name) setSource(input.value as Source);
  }
  // Without JavaScript both kinds of fields show; the chosen kind decides on the server.
  const shows = (kind: Source) => !hydrated || source === kind;

  return (
    <UpsertForm
      title={ad ? koAdmin.siteSettings.adEditTitle : koAdmin.siteSettings.adRegisterTitle}
      editing={ad !== null}
      draft={`banner:${ad?.index ?? "new"}`}
      {...frame}
      submissionId={submissionId}
      className="narrow"
    >
      <TextField
        label={koAdmin.siteSettings.name}
        field={fields.name}
        maxLength={AD_NAME_MAX}
        placeholder={koAdmin.siteSettings.namePlaceholder}
      />
      {/* The radios' change bubbles here: the choice shows only its own fields once scripts run. */}
      <div onChange={(event) => chooseSource(event.target as HTMLInputElement)}>
        <SegmentedChoice
          legend={koAdmin.siteSettings.source}
          name={fields.source.name}
          options={[
            ["upload", koAdmin.siteSettings.sourceUpload],
            ["code", koAdmin.siteSettings.sourceCode],
          ]}
          defaultValue={fields.source.initialValue as string | undefined}
        />
      </div>
      <div className="card ad-source" hidden={!shows("upload")}>
        <ImageField
          label={koAdmin.siteSettings.image}
          currentUrl={ad?.source === "upload" ? ad.image : null}
          errors={pictureErrors.imageFile ?? fields.imageFile.errors}
          held={heldPicture}
          errorId={fields.imageFile.errorId}
        />
        <Field label={koAdmin.siteSettings.link} meta={fields.link} hint={koAdmin.siteSettings.linkHint}>
          <input
            {...getInputProps(fields.link, { type: "url" })}
            inputMode="url"
            placeholder="https://link.coupang.com/a/…"
            aria-describedby={fieldDescriptionIds(fields.link)}
          />
        </Field>
      </div>
      <div className="card ad-source" hidden={!shows("code")}>
        <Field label={koAdmin.siteSettings.code} meta={fields.code} hint={koAdmin.siteSettings.codeHint}>
          <textarea
            {...getTextareaProps(fields.code)}
            rows={5}
            maxLength={AD_CODE_MAX}
            spellCheck={false}
            className="code-input"
            aria-describedby={fieldDescriptionIds(fields.code)}
          />
        </Field>
      </div>
      <VisibilityChoice field={fields.isView} />
    </UpsertForm>
  );
}
