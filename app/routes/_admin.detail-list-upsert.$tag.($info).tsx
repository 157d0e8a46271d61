import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Field, fieldDescriptionIds } from "~/components/Field";
import { ImageField } from "~/components/ImageField";
import { TextField, UpsertForm, VisibilityChoice } from "~/components/UpsertForm";
import { koGuidesAdmin } from "~/copy/ko-guides-admin";
import { GuideEditor, removeDraft, type GuidePreview } from "~/features/guides/components/GuideEditor";
import { BODY_PICTURE_FIELDS, GUIDE_FORM_FILES, GUIDE_SUMMARY_MAX, GUIDE_TITLE_MAX, guideFormSchema } from "~/features/guides/schema";
import { guideUpsertAction, loadGuideUpsertPage } from "~/features/guides/upsert-page.server";
import type { FormReply } from "~/lib/admin-form.server";
import { kstMinuteToDate } from "~/lib/minute-time";
import { routeFacts } from "~/lib/route-facts";
import { pageMeta } from "~/lib/seo";
import { useHydrated } from "~/lib/use-hydrated";
import { useSelfAction } from "~/lib/use-self-action";
import { useUpsertForm } from "~/lib/use-upsert-form";
import guidesStyles from "~/styles/guides.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: guidesStyles }];

export const handle = routeFacts({ access: "admin", jsBudgetKiB: 150, body: { uploads: GUIDE_FORM_FILES } });

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, { title: args.data?.title, noindex: true });

export const loader = (args: LoaderFunctionArgs) => loadGuideUpsertPage(args);

export const action = (args: ActionFunctionArgs) => guideUpsertAction(args);

export default function GuideUpsert() {
  const { guide, title, categories, categoryId, help, uploadMaxMb, submissionId } = useLoaderData<typeof loader>();
  const actionData = useActionData<FormReply & { preview?: GuidePreview }>();
  const hydrated = useHydrated();
  const action = useSelfAction();
  const draftKey = guide ? `guide-draft:${guide.index}` : `guide-draft:new:${categoryId ?? 0}`;
  const { fields, frame, pictureErrors } = useUpsertForm(guideFormSchema, {
    uploadMaxMb,
    onSaved: () => removeDraft(draftKey),
    defaultValue: {
      detailNm: guide?.detailNm ?? "",
      detailCategoryId: categoryId ? String(categoryId) : "",
      summary: guide?.summary ?? "",
      body: guide?.body ?? "",
      publishAt: guide?.state === "scheduled" ? guide.publishAtInput : "",
      isView: String(guide?.isView ?? true) as "true",
    },
  });
  // A refused time comes back only as a datetime-local value HTML allows (its message says what was wrong).
  const typedAt = fields.publishAt.initialValue;
  const publishAtValue = typeof typedAt === "string" && kstMinuteToDate(typedAt) ? typedAt.trim().replace(" ", "T") : "";
  return (
    <UpsertForm title={title} editing={guide !== null} {...frame} submissionId={submissionId}>
      <TextField
        label={koGuidesAdmin.title}
        field={fields.detailNm}
        maxLength={GUIDE_TITLE_MAX}
        placeholder={koGuidesAdmin.titleRequired}
      />
      <Field label={koGuidesAdmin.category} meta={fields.detailCategoryId}>
        <select {...getSelectProps(fields.detailCategoryId)}>
          <option value="">{koGuidesAdmin.categoryRequired}</option>
          {categories.map((category) => (
            <option key={category.index} value={String(category.index)}>
              {category.categoryNm}
            </option>
          ))}
        </select>
      </Field>
      <Field label={koGuidesAdmin.summary} meta={fields.summary} hint={help.summary}>
        {/* Two lines that grow with the text where CSS field-sizing is (every phone browser she uses); no script for it. */}
        <textarea
          {...getTextareaProps(fields.summary)}
          className="auto-grow"
          aria-describedby={fieldDescriptionIds(fields.summary)}
          rows={2}
          maxLength={GUIDE_SUMMARY_MAX}
          placeholder={help.summaryPlaceholder}
        />
      </Field>
      <ImageField
        label={koGuidesAdmin.cover}
        prompt={help.coverPrompt}
        currentUrl={guide?.image ?? null}
        errors={pictureErrors.imageFile ?? fields.imageFile.errors}
        errorId={fields.imageFile.errorId}
      />
      <Field label={koGuidesAdmin.body} meta={fields.body} hint={help.body}>
        <GuideEditor
          textarea={{ ...getTextareaProps(fields.body), "aria-describedby": fieldDescriptionIds(fields.body) }}
          draftKey={draftKey}
          previewAction={action}
          serverPreview={hydrated ? null : (actionData?.preview ?? null)}
        />
      </Field>
      {hydrated ? null : (
        <fieldset className="card">
          <legend>{koGuidesAdmin.photo}</legend>
          <p className="hint">{help.pictures}</p>
          {BODY_PICTURE_FIELDS.map((name, at) => (
            <ImageField
              key={name}
              name={name}
              label={help.pictureLabels[at]!}
              currentUrl={null}
              errors={pictureErrors[name] ?? fields[name].errors}
              errorId={fields[name].errorId}
            />
          ))}
        </fieldset>
      )}
      <Field label={koGuidesAdmin.publishAt} meta={fields.publishAt} hint={help.publishAt}>
        <input
          {...getInputProps(fields.publishAt, { type: "datetime-local" })}
          defaultValue={publishAtValue}
          aria-describedby={fieldDescriptionIds(fields.publishAt)}
        />
      </Field>
      <VisibilityChoice field={fields.isView} />
      {hydrated ? null : (
        <button type="submit" name="intent" value="preview" className="button button--block">
          {koGuidesAdmin.preview}
        </button>
      )}
    </UpsertForm>
  );
}
