import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Field, fieldDescriptionIds } from "~/components/Field";
import { FormError } from "~/components/FormErrors";
import { ImageField } from "~/components/ImageField";
import { SegmentedChoice } from "~/components/SegmentedChoice";
import { UploadSubmit } from "~/components/UploadSubmit";
import { ko } from "~/copy/ko";
import { koAdmin } from "~/copy/ko-admin";
import { getPartnerAd, savePartnerAd } from "~/features/settings/partner-ads.server";
import { SITE_SETTINGS_PATH } from "~/features/settings/paths";
import { AD_CODE_MAX, AD_NAME_MAX, partnerAdSchema } from "~/features/settings/schema";
import {
  failedForm,
  invalidForm,
  readAdminForm,
  requireAdminAction,
  uploadFormData,
  upsertTarget,
  withRecordIndex,
} from "~/lib/admin-form.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { orNotFoundPage } from "~/lib/page.server";
import { routeFacts } from "~/lib/route-facts";
import { pageMeta } from "~/lib/seo";
import { requireAdminPage } from "~/lib/session.server";
import { useHydrated } from "~/lib/use-hydrated";
import { useSelfAction } from "~/lib/use-self-action";
import { useUploadForm } from "~/lib/use-upload-form";
import type * as z from "~/lib/zod";
import adsStyles from "~/styles/ads.css";
import settingsStyles from "~/styles/settings.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: adsStyles },
  { rel: "stylesheet", href: settingsStyles },
];

export const handle = routeFacts({ access: "admin", jsBudgetKiB: 150, body: { uploads: 1 } });

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { title: args.data?.ad ? koAdmin.siteSettings.adEditTitle : koAdmin.siteSettings.adRegisterTitle, noindex: true });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdminPage({ request, context });
  const target = upsertTarget(params);
  return { ad: target === null ? null : orNotFoundPage(() => getPartnerAd(admin, target)), ...uploadFormData() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  const target = upsertTarget(params);
  const form = await readAdminForm(request, { files: 1 });
  if (!form.ok) return form.reply;
  const submission = parseWithZod(withRecordIndex(form.data, target), { schema: partnerAdSchema });
  if (submission.status !== "success") return invalidForm(submission);
  try {
    await savePartnerAd(admin, submission.value);
  } catch (error) {
    return failedForm(submission, error);
  }
  const message = target === null ? koAdmin.siteSettings.adRegistered : koAdmin.siteSettings.adUpdated;
  return redirectWithFlash(SITE_SETTINGS_PATH, { message }, { replace: true });
}

type Source = "upload" | "code";

export default function PartnerAdUpsert() {
  const { ad, uploadMaxMb, submissionId } = useLoaderData<typeof loader>();
  const upload = useUploadForm({ uploadMaxMb });
  const actionData = useActionData<typeof action>();
  const lastResult = upload.reply ?? actionData;
  const hydrated = useHydrated();
  const busy = useNavigation().state === "submitting";
  const selfAction = useSelfAction();
  const [form, fields] = useForm<z.input<typeof partnerAdSchema>, z.output<typeof partnerAdSchema>>({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: partnerAdSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: {
      name: ad?.name ?? "",
      source: ad?.source ?? "upload",
      link: ad?.source === "upload" ? (ad.link ?? "") : "",
      code: ad?.code ?? "",
      isView: String(ad?.isView ?? true) as "true",
    },
  });
  const [source, setSource] = useState<Source>((fields.source.initialValue as Source | undefined) ?? "upload");
  function chooseSource(input: HTMLInputElement) {
    if (input.name === fields.source.name) setSource(input.value as Source);
  }
  // Without JavaScript both kinds of fields show; the chosen kind decides on the server.
  const shows = (kind: Source) => !hydrated || source === kind;
  const title = ad ? koAdmin.siteSettings.adEditTitle : koAdmin.siteSettings.adRegisterTitle;

  return (
    <section className="narrow">
      <h1 className="page-title">{title}</h1>
      <Form method="post" action={selfAction} encType="multipart/form-data" className="form" {...upload.withUpload(getFormProps(form))}>
        <FormError id={form.errorId} errors={form.errors} />
        {ad ? null : <input type="hidden" name="submissionId" value={submissionId} />}
        <Field label={koAdmin.siteSettings.name} meta={fields.name}>
          <input
            {...getInputProps(fields.name, { type: "text" })}
            maxLength={AD_NAME_MAX}
            placeholder={koAdmin.siteSettings.namePlaceholder}
          />
        </Field>
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
            errors={upload.pictureErrors.imageFile ?? fields.imageFile.errors}
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
        <SegmentedChoice
          legend={koAdmin.siteSettings.visibility}
          name={fields.isView.name}
          options={[
            ["true", koAdmin.siteSettings.publish],
            ["false", koAdmin.siteSettings.hide],
          ]}
          defaultValue={fields.isView.initialValue as string | undefined}
        />
        <UploadSubmit label={ad ? ko.common.edit : ko.common.register} upload={upload.state} busy={busy} />
      </Form>
    </section>
  );
}
