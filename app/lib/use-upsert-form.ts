import { getFormProps, useForm, type DefaultValue } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useActionData } from "@remix-run/react";
import type * as z from "~/lib/zod";
import type { FormReply } from "./admin-form.server";
import { useErrorFocus } from "./use-error-focus";
import { useUploadForm } from "./use-upload-form";

/**
 * The form of a register/edit screen (docs/architecture.md §3, "Upsert routes"): Conform over the
 * page's zod schema, checked when a field is left and again as she types, the action's reply shown
 * the same way, a refused submit taken to its first error. With `uploadMaxMb` (a form with pictures)
 * it is sent as useUploadForm sends it: pictures shrunk first, the progress shown, nothing lost on a
 * failed save, and `pictureErrors` says beside a picture field why its picture was not sent;
 * `heldPicture` is the picture the server held when the form came back (ImageField's `held`).
 * `frame` is what UpsertForm draws around the fields.
 */
export function useUpsertForm<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: S,
  {
    defaultValue,
    uploadMaxMb,
    onSaved,
  }: {
    defaultValue: DefaultValue<z.input<S>>;
    uploadMaxMb?: number;
    /** Called once a save went through, before leaving the form. */ onSaved?: () => void;
  },
) {
  const upload = useUploadForm({ uploadMaxMb: uploadMaxMb ?? 0, onSaved });
  const actionData = useActionData<FormReply>();
  const lastResult = upload.reply ?? actionData;
  const [form, fields] = useForm<z.input<S>, z.output<S>>({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue,
  });
  const formProps = useErrorFocus(getFormProps(form), lastResult);
  return uploadMaxMb === undefined
    ? { fields, frame: { form, formProps, upload: null }, pictureErrors: {} as Record<string, string[]> }
    : {
        fields,
        frame: { form, formProps: upload.withUpload(formProps), upload: upload.state },
        pictureErrors: upload.pictureErrors,
        heldPicture: lastResult?.heldPicture,
      };
}
