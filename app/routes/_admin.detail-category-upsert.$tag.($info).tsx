import { getTextareaProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AutoGrowTextarea } from "~/components/AutoGrowTextarea";
import { Field } from "~/components/Field";
import { ImageField } from "~/components/ImageField";
import { TextField, UpsertForm, VisibilityChoice } from "~/components/UpsertForm";
import { koAdmin } from "~/copy/ko-admin";
import { koServer } from "~/copy/ko-server.server";
import { CATEGORY_NAME_MAX } from "~/features/categories/category-schema";
import { getGuideCategory, saveGuideCategory } from "~/features/guides/categories.server";
import { guideCategorySchema } from "~/features/guides/category-schema";
import { failedForm, readUpsertForm, recordToEdit, saved, uploadFormData, upsertPage } from "~/lib/admin-form.server";
import { routeFacts } from "~/lib/route-facts";
import { pageMeta } from "~/lib/seo";
import { useUpsertForm } from "~/lib/use-upsert-form";

export const handle = routeFacts({ access: "admin", jsBudgetKiB: 150, body: { uploads: 1 } });

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, { title: args.data?.title, noindex: true });

export async function loader(args: LoaderFunctionArgs) {
  const { admin, target } = await upsertPage(args);
  const category = recordToEdit(target, (id) => getGuideCategory(admin, id));
  // Its title from the server's words (the form's other words are the reel category form's).
  const title = category ? koServer.guideCategoryForm.editTitle : koServer.guideCategoryForm.registerTitle;
  return { category, title, ...uploadFormData() };
}

export async function action(args: ActionFunctionArgs) {
  const form = await readUpsertForm(args, guideCategorySchema, { files: 1 });
  if (!form.ok) return form.reply;
  try {
    await saveGuideCategory(form.admin, form.submission.value);
  } catch (error) {
    return failedForm(form.submission, error);
  }
  return saved("/detail-category", form.target === null ? koServer.flash.categoryRegistered : koServer.flash.categoryUpdated);
}

export default function GuideCategoryUpsert() {
  const { category, title, uploadMaxMb, submissionId } = useLoaderData<typeof loader>();
  const { fields, frame, pictureErrors, heldPicture } = useUpsertForm(guideCategorySchema, {
    uploadMaxMb,
    defaultValue: {
      categoryNm: category?.categoryNm ?? "",
      description: category?.description ?? "",
      isView: String(category?.isView ?? true) as "true",
    },
  });
  return (
    <UpsertForm
      title={title}
      editing={category !== null}
      draft={`guide-category:${category?.index ?? "new"}`}
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
      <VisibilityChoice field={fields.isView} />
    </UpsertForm>
  );
}
