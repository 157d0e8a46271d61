import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FieldError, FormError } from "~/components/FormErrors";
import { UploadSubmit } from "~/components/UploadSubmit";
import { ko } from "~/copy/ko";
import { koAdmin } from "~/copy/ko-admin";
import { koServer } from "~/copy/ko-server.server";
import { getCareerImages, saveCareerImages } from "~/features/career/career.server";
import { CareerEditor } from "~/features/career/components/CareerEditor";
import { CAREER_MAX_IMAGES, careerSchema } from "~/features/career/schema";
import { failedForm, readParsedForm, requireAdminAction } from "~/lib/admin-form.server";
import { config } from "~/lib/config.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { pictureOf } from "~/lib/pictures.server";
import { routeFacts } from "~/lib/route-facts";
import { pageMeta } from "~/lib/seo";
import { requireAdminPage } from "~/lib/session.server";
import { useErrorFocus } from "~/lib/use-error-focus";
import { useSelfAction } from "~/lib/use-self-action";
import { useUploadForm } from "~/lib/use-upload-form";
import careerPickerStyles from "~/styles/career-picker.css";
import listsStyles from "~/styles/lists.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: listsStyles },
  { rel: "stylesheet", href: careerPickerStyles },
];

export const handle = routeFacts({ access: "admin", jsBudgetKiB: 150, body: { uploads: CAREER_MAX_IMAGES } });

export const meta: MetaFunction = (args) => pageMeta(args, { title: koAdmin.career.modifyTitle, noindex: true });

/** A row's thumbnail (app/styles/career-picker.css): 72 px wide. */
const THUMBNAIL = "72px";

/** The `images` param (docs/product.md §2) only says where the admin came from: the pictures are re-read here. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminPage({ request, context });
  const pictures = await Promise.all(
    getCareerImages().map(async ({ index, src, caption, width, height }) => ({
      index,
      caption,
      thumbnail: await pictureOf(src, { sizes: THUMBNAIL, box: width && height ? { width, height } : undefined }),
    })),
  );
  return { pictures, uploadMaxMb: config().UPLOAD_MAX_MB };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  const form = await readParsedForm(request, careerSchema, { files: CAREER_MAX_IMAGES });
  if (!form.ok) return form.reply;
  const { submission } = form;
  try {
    await saveCareerImages(admin, submission.value);
  } catch (error) {
    return failedForm(submission, error);
  }
  return redirectWithFlash("/career-background", { message: koServer.flash.careerDone }, { replace: true });
}

export default function CareerUpdate() {
  const { pictures, uploadMaxMb } = useLoaderData<typeof loader>();
  const upload = useUploadForm({ uploadMaxMb });
  const actionData = useActionData<typeof action>();
  const lastResult = upload.reply ?? actionData;
  const busy = useNavigation().state === "submitting";
  const selfAction = useSelfAction();
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: careerSchema }),
    shouldValidate: "onSubmit",
  });
  const formProps = upload.withUpload(useErrorFocus(getFormProps(form), lastResult));
  const fileErrors = upload.pictureErrors.imageFile ?? fields.imageFile.errors;
  return (
    <section className="narrow">
      <h1 className="page-title">{koAdmin.career.modifyTitle}</h1>
      <Form method="post" action={selfAction} encType="multipart/form-data" className="form" {...formProps}>
        <FormError id={form.errorId} errors={form.errors ?? fields.order.errors} />
        <p className="hint">{koAdmin.career.lead}</p>
        <CareerEditor
          pictures={pictures}
          sent={actionData?.initialValue ?? undefined}
          held={actionData?.heldPictures}
          errors={lastResult?.error ?? undefined}
        />
        <FieldError id={fields.imageFile.errorId} errors={fileErrors} />
        <input type="hidden" name="hasImage" value="true" />
        <UploadSubmit label={ko.common.edit} upload={upload.state} busy={busy} />
      </Form>
    </section>
  );
}
