import { getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { AutoGrowTextarea } from "~/components/AutoGrowTextarea";
import { Field } from "~/components/Field";
import { ImageField } from "~/components/ImageField";
import { TextField } from "~/components/UpsertForm";
import { koAdmin } from "~/copy/ko-admin";
import type { HeldPicture } from "~/lib/held-pictures.server";
import { CATEGORY_NAME_MAX } from "../category-schema";

/** What a category's screen starts from: the category it edits, or a new one, shown (공개). */
export function categoryDefaults(category: { categoryNm: string; description: string; isView: boolean } | null) {
  return {
    categoryNm: category?.categoryNm ?? "",
    description: category?.description ?? "",
    isView: String(category?.isView ?? true) as "true",
  };
}

/**
 * A category's name, picture and description, as the reel category and the guide category screens
 * ask them (docs/product.md §3), in the same words; each screen adds its own fields after them.
 */
export function CategoryFields({
  fields,
  currentImage,
  pictureErrors,
  held,
}: {
  fields: { categoryNm: FieldMetadata<string>; description: FieldMetadata<string>; imageFile: { errorId: string; errors?: string[] } };
  currentImage: string | null;
  /** Why the browser did not send the chosen picture (useUpsertForm's `pictureErrors.imageFile`). */
  pictureErrors: string[] | undefined;
  held?: HeldPicture;
}) {
  return (
    <>
      <TextField
        label={koAdmin.reelsForm.categoryName}
        field={fields.categoryNm}
        maxLength={CATEGORY_NAME_MAX}
        placeholder={koAdmin.reelsForm.categoryNamePlaceholder}
      />
      <ImageField
        label={koAdmin.reelsForm.categoryImage}
        prompt={koAdmin.reelsForm.categoryImagePrompt}
        currentUrl={currentImage}
        errors={pictureErrors ?? fields.imageFile.errors}
        held={held}
        errorId={fields.imageFile.errorId}
      />
      <Field label={koAdmin.reelsForm.categoryDescription} meta={fields.description}>
        <AutoGrowTextarea
          {...getTextareaProps(fields.description)}
          rows={3}
          placeholder={koAdmin.reelsForm.categoryDescriptionPlaceholder}
        />
      </Field>
    </>
  );
}
