import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FieldError, FormError } from "~/components/FormErrors";
import { UploadSubmit } from "~/components/UploadSubmit";
import { ko } from "~/copy/ko";
import { koCareer } from "~/copy/ko-career";
import { getCareerImages, replaceCareerImages } from "~/features/career/career.server";
import { CareerImagePicker } from "~/features/career/components/CareerImagePicker";
import { CAREER_MAX_IMAGES, careerSchema } from "~/features/career/schema";
import { failedForm, invalidForm, readAdminForm, requireAdminAction } from "~/lib/admin-form.server";
import { config } from "~/lib/config.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { routeFacts } from "~/lib/route-facts";
import { pageMeta } from "~/lib/seo";
import { requireAdminPage } from "~/lib/session.server";
import { useErrorFocus } from "~/lib/use-error-focus";
import { useSelfAction } from "~/lib/use-self-action";
import { useUploadForm } from "~/lib/use-upload-form";
import careerPickerStyles from "~/styles/career-picker.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: careerPickerStyles }];

export const handle = routeFacts({ access: "admin", jsBudgetKiB: 150, body: { uploads: CAREER_MAX_IMAGES } });

export const meta: MetaFunction = (args) => pageMeta(args, { title: koCareer.modifyTitle, noindex: true });

/** The `images` param (docs/product.md §2) only says where the admin came from: the list is re-read here. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminPage({ request, context });
  return { images: getCareerImages(), uploadMaxMb: config().UPLOAD_MAX_MB };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  const form = await readAdminForm(request, { files: CAREER_MAX_IMAGES });
  if (!form.ok) return form.reply;
  const submission = parseWithZod(form.data, { schema: careerSchema });
  if (submission.status !== "success") return invalidForm(submission);
  try {
    await replaceCareerImages(admin, submission.value);
  } catch (error) {
    return failedForm(submission, error);
  }
  return redirectWithFlash("/career-background", { message: koCareer.done }, { replace: true });
}

export default function CareerUpdate() {
  const { images, uploadMaxMb } = useLoaderData<typeof loader>();
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
  const imageErrors = upload.pictureErrors.imageFile ?? fields.imageFile.errors;
  return (
    <section>
      <h1 className="page-title">{koCareer.modifyTitle}</h1>
      <Form method="post" action={selfAction} encType="multipart/form-data" className="form" {...formProps}>
        <FormError id={form.errorId} errors={form.errors} />
        <p className="hint">{koCareer.replaceNote}</p>
        <CareerImagePicker errorId={fields.imageFile.errorId} invalid={Boolean(imageErrors?.length)} />
        <FieldError id={fields.imageFile.errorId} errors={imageErrors} />
        <input type="hidden" name="hasImage" value="true" />
        <UploadSubmit label={ko.common.edit} upload={upload.state} busy={busy} />
      </Form>
      {images.length ? (
        <div className="career-current">
          <h2 className="field-label">{koCareer.current}</h2>
          <ol className="career-current__list">
            {images.map((image, index) => (
              <li key={image.src}>
                <img src={image.src} alt={koCareer.imageAlt(index + 1)} width={96} height={128} loading="lazy" />
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}
