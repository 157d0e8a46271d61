import { getInputProps, getTextareaProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AutoGrowTextarea } from "~/components/AutoGrowTextarea";
import { Field, fieldDescriptionIds } from "~/components/Field";
import { ImageField } from "~/components/ImageField";
import { TextField, UpsertForm, VisibilityChoice } from "~/components/UpsertForm";
import { koAdmin } from "~/copy/ko-admin";
import { koReelImport } from "~/copy/ko-reel-import";
import { koServer } from "~/copy/ko-server.server";
import { CATEGORY_NAME_MAX } from "~/features/categories/category-schema";
import { getCategory, saveCategory } from "~/features/reels/categories.server";
import { categorySchema, HASHTAGS_MAX } from "~/features/reels/schema";
import { failedForm, readUpsertForm, recordToEdit, saved, uploadFormData, upsertPage } from "~/lib/admin-form.server";
import { routeFacts } from "~/lib/route-facts";
import { pageMeta } from "~/lib/seo";
import { useUpsertForm } from "~/lib/use-upsert-form";

export const handle = routeFacts({ access: "admin", jsBudgetKiB: 150, body: { uploads: 1 } });

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: args.data?.category ? koAdmin.reelsForm.categoryEditTitle : koAdmin.reelsForm.categoryRegisterTitle,
    noindex: true,
  });

export async function loader(args: LoaderFunctionArgs) {
  const { admin, target } = await upsertPage(args);
  const category = recordToEdit(target, (id) => getCategory(admin, id));
  return { category, hashtags: category?.hashtags ?? "", ...uploadFormData() };
}

export async function action(args: ActionFunctionArgs) {
  const form = await readUpsertForm(args, categorySchema, { files: 1 });
  if (!form.ok) return form.reply;
  try {
    // The form always has the field: left empty (which the parser reads as absent), it clears the rule.
    await saveCategory(form.admin, { ...form.submission.value, hashtags: form.submission.value.hashtags ?? "" });
  } catch (error) {
    return failedForm(form.submission, error);
  }
  return saved("/reels-category", form.target === null ? koServer.flash.categoryRegistered : koServer.flash.categoryUpdated);
}

export default function CategoryUpsert() {
  const { category, hashtags, uploadMaxMb, submissionId } = useLoaderData<typeof loader>();
  const { fields, frame, pictureErrors, heldPicture } = useUpsertForm(categorySchema, {
    uploadMaxMb,
    defaultValue: {
      categoryNm: category?.categoryNm ?? "",
      description: category?.description ?? "",
      isView: String(category?.isView ?? true) as "true",
      hashtags,
    },
  });
  return (
    <UpsertForm
      title={category ? koAdmin.reelsForm.categoryEditTitle : koAdmin.reelsForm.categoryRegisterTitle}
      editing={category !== null}
      draft={`category:${category?.index ?? "new"}`}
      {...frame}
      submissionId={submissionId}
    >
      <TextField
        label={koAdmin.reelsForm.categoryName}
        field={fields.categoryNm}
        maxLength={CATEGORY_NAME_MAX}
        placeholder={koAdmin.reelsForm.categoryNamePlaceholder}
      />
      <ImageField
        label={koAdmin.reelsForm.categoryImage}
        prompt={koAdmin.reelsForm.categoryImagePrompt}
        currentUrl={category?.image ?? null}
        errors={pictureErrors.imageFile ?? fields.imageFile.errors}
        held={heldPicture}
        errorId={fields.imageFile.errorId}
      />
      <Field label={koAdmin.reelsForm.categoryDescription} meta={fields.description}>
        <AutoGrowTextarea
          {...getTextareaProps(fields.description)}
          rows={3}
          placeholder={koAdmin.reelsForm.categoryDescriptionPlaceholder}
        />
      </Field>
      <Field label={koReelImport.hashtags} meta={fields.hashtags} hint={koReelImport.hashtagsHint}>
        <input
          {...getInputProps(fields.hashtags, { type: "text" })}
          aria-describedby={fieldDescriptionIds(fields.hashtags)}
          maxLength={HASHTAGS_MAX}
          placeholder={koReelImport.hashtagsPlaceholder}
        />
      </Field>
      <VisibilityChoice field={fields.isView} />
    </UpsertForm>
  );
}
