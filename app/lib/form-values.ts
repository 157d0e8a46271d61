import { hasVisibleText, oneLineText, stripBidiControls } from "~/lib/input-rules";
import * as z from "~/lib/zod";

/**
 * A yes/no field as forms and multipart APIs send it: a checkbox's "on", a radio's "true"/"false",
 * or a JSON boolean.
 */
export const yesNo = z
  .union([z.boolean(), z.enum(["true", "false", "on", "1", "0"])])
  .transform((value) => value === true || value === "true" || value === "on" || value === "1");

/**
 * A file part of a form: a browser File, or the file the server's form reader streamed to disk
 * (a File in all but its prototype, so it is known by its tag).
 */
export const uploadedFile = z
  .custom<File>(
    (value) => (typeof File !== "undefined" && value instanceof File) || Object.prototype.toString.call(value) === "[object File]",
  )
  .meta({ type: "string", format: "binary" });

/** An optional chosen file; an untouched file input arrives as an empty part and counts as none. */
export const optionalFile = uploadedFile.optional().transform((file) => (file && file.size > 0 ? file : undefined));

/**
 * A record's required one-line name (a product's, a category's, a reel's, a banner's): no control
 * character, trimmed, some visible text, at most `max`.
 */
export function requiredName(max: number, messages: { required: string; tooLong: string }) {
  return oneLineText({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(max, messages.tooLong)
    .refine(hasVisibleText, messages.required)
    .transform(stripBidiControls);
}

/** The hidden field a form sends its held picture's token in (lib/held-pictures.server.ts). */
export const HELD_PICTURE_FIELD = "heldPicture";
/** Sent by the browser's own save (use-upload-form.ts): its file field keeps the picture, so the server need not hold it. */
export const PICTURE_KEPT_FIELD = "pictureKept";

/**
 * The picture of a record edited with an ImageField (docs/product.md §3): the chosen file, whether the form
 * still shows the current picture, and whether the admin removed it.
 */
export const imageFields = {
  imageFile: optionalFile,
  hasImage: yesNo.optional(),
  removeImage: yesNo.optional(),
};

/**
 * The id a register form carries, a UUID made when the form is drawn, so a retry after a lost
 * answer is known as the same save (absent from plain API calls).
 */
export const submissionId = z.uuid().optional().meta({
  description:
    "A UUID made once per form: a register sent again with it (a retry after a lost answer) returns the record the first one made.",
});

/**
 * The options of a form's rule across fields (`.superRefine(rule, whenPassed("isLeft", ...))`): zod
 * skips such a rule once any field of the form has failed, so a form with a missing name and a button
 * without its link would show only the first error, and the second after the next tap. With these
 * options the rule runs whenever the fields it reads have passed, so every error shows at once.
 */
export function whenPassed(...fields: string[]) {
  return {
    // An issue without a path is the whole input's (not an object at all): nothing to check then.
    when: (payload: z.core.ParsePayload) => !payload.issues.some((issue) => !issue.path?.length || fields.includes(String(issue.path[0]))),
  };
}
