import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AutoGrowTextarea } from "~/components/AutoGrowTextarea";
import { Field, fieldDescriptionIds } from "~/components/Field";
import { FormError } from "~/components/FormErrors";
import { ImageField } from "~/components/ImageField";
import { SegmentedChoice } from "~/components/SegmentedChoice";
import { UploadSubmit } from "~/components/UploadSubmit";
import { ko } from "~/copy/ko";
import { koAdmin } from "~/copy/ko-admin";
import { categoryHashtags, getCategory, saveCategory } from "~/features/reels/categories.server";
import { CATEGORY_NAME_MAX, categorySchema, HASHTAGS_MAX } from "~/features/reels/schema";
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
import { useErrorFocus } from "~/lib/use-error-focus";
import { useSelfAction } from "~/lib/use-self-action";
import { useUploadForm } from "~/lib/use-upload-form";
import type * as z from "~/lib/zod";

export const handle = routeFacts({ access: "admin", jsBudgetKiB: 150, body: { uploads: 1 } });

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: args.data?.category ? koAdmin.reelsForm.categoryEditTitle : koAdmin.reelsForm.categoryRegisterTitle,
    noindex: true,
  });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdminPage({ request, context });
  const target = upsertTarget(params);
  if (target === null) return { category: null, hashtags: "", ...uploadFormData() };
  return { category: orNotFoundPage(() => getCategory(admin, target)), hashtags: categoryHashtags(admin, target), ...uploadFormData() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  const target = upsertTarget(params);
  const form = await readAdminForm(request, { files: 1 });
  if (!form.ok) return form.reply;
  const submission = parseWithZod(withRecordIndex(form.data, target), { schema: categorySchema });
  if (submission.status !== "success") return invalidForm(submission);
  try {
    // The form always has the field: left empty (which the parser reads as absent), it clears the rule.
    await saveCategory(admin, { ...submission.value, hashtags: submission.value.hashtags ?? "" });
  } catch (error) {
    return failedForm(submission, error);
  }
  const message = target === null ? koAdmin.reelsForm.categoryRegistered : koAdmin.reelsForm.categoryUpdated;
  return redirectWithFlash("/reels-category", { message }, { replace: true });
}

export default function CategoryUpsert() {
  const { category, hashtags, uploadMaxMb, submissionId } = useLoaderData<typeof loader>();
  const upload = useUploadForm({ uploadMaxMb });
  const actionData = useActionData<typeof action>();
  const lastResult = upload.reply ?? actionData;
  const busy = useNavigation().state === "submitting";
  const selfAction = useSelfAction();
  const [form, fields] = useForm<z.input<typeof categorySchema>, z.output<typeof categorySchema>>({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: categorySchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: {
      categoryNm: category?.categoryNm ?? "",
      description: category?.description ?? "",
      isView: String(category?.isView ?? true) as "true",
      hashtags,
    },
  });
  const formProps = upload.withUpload(useErrorFocus(getFormProps(form), lastResult));
  return (
    <section>
      <h1 className="page-title">{category ? koAdmin.reelsForm.categoryEditTitle : koAdmin.reelsForm.categoryRegisterTitle}</h1>
      <Form method="post" action={selfAction} encType="multipart/form-data" className="form" {...formProps}>
        <FormError id={form.errorId} errors={form.errors} />
        {category ? null : <input type="hidden" name="submissionId" value={submissionId} />}
        <Field label={koAdmin.reelsForm.categoryName} meta={fields.categoryNm}>
          <input
            {...getInputProps(fields.categoryNm, { type: "text" })}
            maxLength={CATEGORY_NAME_MAX}
            placeholder={koAdmin.reelsForm.categoryNamePlaceholder}
          />
        </Field>
        <ImageField
          label={koAdmin.reelsForm.categoryImage}
          prompt={koAdmin.reelsForm.categoryImagePrompt}
          currentUrl={category?.image ?? null}
          errors={upload.pictureErrors.imageFile ?? fields.imageFile.errors}
          errorId={fields.imageFile.errorId}
        />
        <Field label={koAdmin.reelsForm.categoryDescription} meta={fields.description}>
          <AutoGrowTextarea
            {...getTextareaProps(fields.description)}
            rows={3}
            placeholder={koAdmin.reelsForm.categoryDescriptionPlaceholder}
          />
        </Field>
        <Field label={koAdmin.reelImport.hashtags} meta={fields.hashtags} hint={koAdmin.reelImport.hashtagsHint}>
          <input
            {...getInputProps(fields.hashtags, { type: "text" })}
            aria-describedby={fieldDescriptionIds(fields.hashtags)}
            maxLength={HASHTAGS_MAX}
            placeholder={koAdmin.reelImport.hashtagsPlaceholder}
          />
        </Field>
        <SegmentedChoice
          legend={koAdmin.reelsForm.visibility}
          name={fields.isView.name}
          options={[
            ["true", ko.products.publish],
            ["false", ko.products.hide],
          ]}
          defaultValue={fields.isView.initialValue}
        />
        <UploadSubmit label={category ? ko.common.edit : ko.common.register} upload={upload.state} busy={busy} />
      </Form>
    </section>
  );
}
