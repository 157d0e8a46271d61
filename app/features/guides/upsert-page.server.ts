import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { koServer } from "~/copy/ko-server.server";
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
} from "~/lib/admin-form.server";
import { removeReceived } from "~/lib/images.server";
import { decodeInfo, positiveId } from "~/lib/route-info";
import { guideCategoryChoices } from "./categories.server";
import { previewGuide, saveGuide } from "./guide-writes.server";
import { getGuideForEdit } from "./guides.server";
import { guideCategoryPath } from "./paths";
import { BODY_PICTURE_FIELDS, GUIDE_BODY_MAX, GUIDE_FORM_FILES, guideFormSchema } from "./schema";
import { siteOrigins } from "./section.server";

// The page door of the guide form (/detail-list-upsert/:tag/:info?), in one server module so the
// route names no other server module (each would be an empty stand-in in the form's JavaScript).

/**
 * The form's help lines, and the words said only without JavaScript (the pictures beside the text):
 * from the page's data, so the form's JavaScript carries none of them (the owner's pages' 150 KiB).
 */
const HELP = {
  summary: koServer.guideForm.summaryHint,
  summaryPlaceholder: koServer.guideForm.summaryPlaceholder,
  coverPrompt: koServer.guideForm.coverPrompt,
  body: koServer.guideForm.bodyHelp,
  publishAt: koServer.guideForm.publishAtHint,
  pictures: koServer.guideForm.bodyPicturesHelp,
  pictureLabels: BODY_PICTURE_FIELDS.map((_, at) => koServer.guideForm.bodyPicture(at + 1)),
};

export async function loadGuideUpsertPage(args: LoaderFunctionArgs) {
  const { admin, target } = await upsertPage(args);
  const guide = recordToEdit(target, (id) => getGuideForEdit(admin, id));
  // A register names its category in `info` (the list's 등록 link).
  const categoryId = guide?.detailCategoryId ?? positiveId(decodeInfo(args.params.info)?.detailCategoryId);
  const title = guide ? koServer.guideForm.editTitle : koServer.guideForm.registerTitle;
  return { guide, title, categories: guideCategoryChoices(admin), categoryId, help: HELP, ...uploadFormData() };
}

/** The form's pictures besides the cover, which a reply never echoes (a picked file cannot be put back). */
const FILE_FIELDS = [...BODY_PICTURE_FIELDS];

/** Saves the guide (one use case with POST /api/detail/insert and /update), or answers 미리보기 without saving. */
export async function guideUpsertAction({ request, params }: ActionFunctionArgs) {
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
    return data({
      ...submission.reply({ hideFields: ["imageFile", ...FILE_FIELDS] }),
      preview: { title: koServer.guideForm.previewTitle, empty: koServer.guideForm.previewEmpty, html, toc },
    });
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
    await removeReceived(received);
    return failedForm(submission, error, FILE_FIELDS);
  }
  return saved(guideCategoryPath(category), target === null ? koServer.guideForm.registered : koServer.guideForm.updated);
}
