import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AutoGrowTextarea } from "~/components/AutoGrowTextarea";
import { Field, fieldDescriptionIds } from "~/components/Field";
import { ImageField } from "~/components/ImageField";
import { TextField, UpsertForm, VisibilityChoice } from "~/components/UpsertForm";
import { koGuidesAdmin } from "~/copy/ko-guides-admin";
import { guideCategoryChoices } from "~/features/guides/categories.server";
import { GuideEditor, removeDraft } from "~/features/guides/components/GuideEditor";
import { previewGuide, saveGuide } from "~/features/guides/guide-writes.server";
import { getGuideForEdit } from "~/features/guides/guides.server";
import {
  BODY_PICTURE_FIELDS,
  GUIDE_BODY_MAX,
  GUIDE_FORM_FILES,
  GUIDE_SUMMARY_MAX,
  GUIDE_TITLE_MAX,
  guideFormSchema,
} from "~/features/guides/schema";
import { siteOrigins } from "~/features/guides/section.server";
import {
  failedForm,
  invalidForm,
  readAdminForm,
  recordToEdit,
  requireAdminAction,
  saved,
  upsertPage,
  upsertTarget,
  uploadFormData,
  withRecordIndex,
  type FormReply,
} from "~/lib/admin-form.server";
import { removeReceived } from "~/lib/images.server";
import { routeFacts } from "~/lib/route-facts";
import { guideCategoryPath, decodeInfo, positiveId } from "~/lib/route-info";
import { pageMeta } from "~/lib/seo";
import { useHydrated } from "~/lib/use-hydrated";
import { useSelfAction } from "~/lib/use-self-action";
import { useUpsertForm } from "~/lib/use-upsert-form";
import guidesStyles from "~/styles/guides.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: guidesStyles }];

export const handle = routeFacts({ access: "admin", jsBudgetKiB: 150, body: { uploads: GUIDE_FORM_FILES } });

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { title: args.data?.guide ? koGuidesAdmin.editTitle : koGuidesAdmin.registerTitle, noindex: true });

export async function loader(args: LoaderFunctionArgs) {
  const { admin, target } = await upsertPage(args);
  const guide = recordToEdit(target, (id) => getGuideForEdit(admin, id));
  // A register names its category in `info` (the list's 등록 link).
  const categoryId = guide?.detailCategoryId ?? positiveId(decodeInfo(args.params.info)?.detailCategoryId);
  return { guide, categories: guideCategoryChoices(admin), categoryId, ...uploadFormData() };
}

/** The form's pictures besides the cover, which a reply never echoes (a picked file cannot be put back). */
const FILE_FIELDS = [...BODY_PICTURE_FIELDS];

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  const target = upsertTarget(params);
  const form = await readAdminForm(request, { files: GUIDE_FORM_FILES });
  if (!form.ok) return form.reply;
  const formData = withRecordIndex(form.data, target);
  const received = [...formData.values()].filter((value): value is File => typeof value !== "string");
  const submission = parseWithZod(formData, { schema: guideFormSchema });
  if (formData.get("intent") === "preview") {
    // 미리보기: rendered as it will be shown, nothing stored (a picked picture is not kept either).
    await removeReceived(received);
    const body = String(formData.get("body") ?? "").slice(0, GUIDE_BODY_MAX);
    const { html, toc } = await previewGuide(admin, body, siteOrigins(request));
    return data({ ...submission.reply({ hideFields: ["imageFile", ...FILE_FIELDS] }), preview: { html, toc } });
  }
  if (submission.status !== "success") {
    await removeReceived(received);
    return invalidForm(submission, FILE_FIELDS);
  }
  let category: { index: number; categoryNm: string };
  try {
    const guide = await saveGuide(admin, submission.value, siteOrigins(request));
    category = { index: guide.detailCategoryId, categoryNm: guide.categoryNm };
  } catch (error) {
    return failedForm(submission, error, FILE_FIELDS);
  }
  return saved(guideCategoryPath(category), target === null ? koGuidesAdmin.registered : koGuidesAdmin.updated);
}

export default function GuideUpsert() {
  const { guide, categories, categoryId, uploadMaxMb, submissionId } = useLoaderData<typeof loader>();
  const actionData = useActionData<FormReply & { preview?: { html: string } }>();
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
  return (
    <UpsertForm
      title={guide ? koGuidesAdmin.editTitle : koGuidesAdmin.registerTitle}
      editing={guide !== null}
      {...frame}
      submissionId={submissionId}
    >
      <TextField
        label={koGuidesAdmin.title}
        field={fields.detailNm}
        maxLength={GUIDE_TITLE_MAX}
        placeholder={koGuidesAdmin.titlePlaceholder}
      />
      <Field label={koGuidesAdmin.category} meta={fields.detailCategoryId}>
        <select {...getSelectProps(fields.detailCategoryId)}>
          <option value="">{koGuidesAdmin.chooseCategory}</option>
          {categories.map((category) => (
            <option key={category.index} value={String(category.index)}>
              {category.categoryNm}
            </option>
          ))}
        </select>
      </Field>
      <Field label={koGuidesAdmin.summary} meta={fields.summary} hint={koGuidesAdmin.summaryHint}>
        <AutoGrowTextarea
          {...getTextareaProps(fields.summary)}
          aria-describedby={fieldDescriptionIds(fields.summary)}
          rows={2}
          maxLength={GUIDE_SUMMARY_MAX}
          placeholder={koGuidesAdmin.summaryPlaceholder}
        />
      </Field>
      <ImageField
        label={koGuidesAdmin.cover}
        prompt={koGuidesAdmin.coverPrompt}
        currentUrl={guide?.image ?? null}
        errors={pictureErrors.imageFile ?? fields.imageFile.errors}
        errorId={fields.imageFile.errorId}
      />
      <Field label={koGuidesAdmin.body} meta={fields.body} hint={koGuidesAdmin.bodyHelp}>
        <GuideEditor
          textarea={{ ...getTextareaProps(fields.body), "aria-describedby": fieldDescriptionIds(fields.body) }}
          draftKey={draftKey}
          previewAction={action}
          serverPreview={hydrated ? null : (actionData?.preview?.html ?? null)}
        />
      </Field>
      {hydrated ? null : (
        <fieldset className="card">
          <legend>{koGuidesAdmin.photo}</legend>
          <p className="hint">{koGuidesAdmin.bodyPicturesHelp}</p>
          {BODY_PICTURE_FIELDS.map((name, at) => (
            <ImageField
              key={name}
              name={name}
              label={koGuidesAdmin.bodyPicture(at + 1)}
              currentUrl={null}
              errors={pictureErrors[name] ?? fields[name].errors}
              errorId={fields[name].errorId}
            />
          ))}
        </fieldset>
      )}
      <Field label={koGuidesAdmin.publishAt} meta={fields.publishAt} hint={koGuidesAdmin.publishAtHint}>
        <input {...getInputProps(fields.publishAt, { type: "datetime-local" })} aria-describedby={fieldDescriptionIds(fields.publishAt)} />
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
