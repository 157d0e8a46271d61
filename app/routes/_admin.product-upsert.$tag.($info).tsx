import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { AutoGrowTextarea } from "~/components/AutoGrowTextarea";
import { Field } from "~/components/Field";
import { FormError } from "~/components/FormErrors";
import { ImageField } from "~/components/ImageField";
import { SegmentedChoice } from "~/components/SegmentedChoice";
import { UploadSubmit } from "~/components/UploadSubmit";
import { ko } from "~/copy/ko";
import { koAdmin } from "~/copy/ko-admin";
import { getProduct, saveProduct } from "~/features/products/products.server";
import { BUTTON_NAME_MAX, PRODUCT_NAME_MAX, productSchema } from "~/features/products/schema";
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
import { useHydrated } from "~/lib/use-hydrated";
import { useSelfAction } from "~/lib/use-self-action";
import { useUploadForm } from "~/lib/use-upload-form";
import type * as z from "~/lib/zod";

export const handle = routeFacts({ access: "admin", jsBudgetKiB: 150, body: { uploads: 1 } });

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { title: args.data?.product ? ko.products.editTitle : ko.products.registerTitle, noindex: true });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdminPage({ request, context });
  const target = upsertTarget(params);
  return { product: target === null ? null : orNotFoundPage(() => getProduct(admin, target)), ...uploadFormData() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  const target = upsertTarget(params);
  const form = await readAdminForm(request, { files: 1 });
  if (!form.ok) return form.reply;
  const submission = parseWithZod(withRecordIndex(form.data, target), { schema: productSchema });
  if (submission.status !== "success") return invalidForm(submission);
  try {
    await saveProduct(admin, submission.value);
  } catch (error) {
    return failedForm(submission, error);
  }
  return redirectWithFlash(
    "/product-list",
    { message: target === null ? koAdmin.productForm.registered : koAdmin.productForm.updated },
    { replace: true },
  );
}

type Side = "left" | "right";

export default function ProductUpsert() {
  const { product, uploadMaxMb, submissionId } = useLoaderData<typeof loader>();
  const upload = useUploadForm({ uploadMaxMb });
  const actionData = useActionData<typeof action>();
  const lastResult = upload.reply ?? actionData;
  const hydrated = useHydrated();
  const busy = useNavigation().state === "submitting";
  const selfAction = useSelfAction();
  const [form, fields] = useForm<z.input<typeof productSchema>, z.output<typeof productSchema>>({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: productSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: {
      productsNm: product?.productNm ?? "",
      description: product?.description ?? "",
      isGroupBuy: String(product?.isGroupBuy ?? true) as "true",
      isView: String(product?.isView ?? true) as "true",
      isLeft: product?.isLeft ? "on" : undefined,
      leftButtonNm: product?.leftButtonNm ?? "",
      leftLink: product?.leftLink ?? "",
      isRight: product?.isRight ? "on" : undefined,
      rightButtonNm: product?.rightButtonNm ?? "",
      rightLink: product?.rightLink ?? "",
    },
  });
  const formProps = upload.withUpload(useErrorFocus(getFormProps(form), lastResult));
  const [buttonsOn, setButtonsOn] = useState({ left: Boolean(product?.isLeft), right: Boolean(product?.isRight) });
  const title = product ? ko.products.editTitle : ko.products.registerTitle;

  // A render helper, not a component: a component defined here would remount (and lose focus) on every render.
  function buttonFields(side: Side) {
    const label = side === "left" ? koAdmin.productForm.leftButton : koAdmin.productForm.rightButton;
    const toggle = side === "left" ? fields.isLeft : fields.isRight;
    const name = side === "left" ? fields.leftButtonNm : fields.rightButtonNm;
    const link = side === "left" ? fields.leftLink : fields.rightLink;
    const open = !hydrated || buttonsOn[side];
    return (
      <fieldset key={side} className="card button-fields">
        <legend>{label}</legend>
        <div className="field field--check">
          <input
            {...getInputProps(toggle, { type: "checkbox" })}
            onChange={(event) => setButtonsOn((prev) => ({ ...prev, [side]: event.target.checked }))}
          />
          <label htmlFor={toggle.id}>{koAdmin.productForm.useButton(label)}</label>
        </div>
        <div className="button-fields__inputs" hidden={!open}>
          <Field label={koAdmin.productForm.buttonName(label)} meta={name}>
            <input
              {...getInputProps(name, { type: "text" })}
              maxLength={BUTTON_NAME_MAX}
              placeholder={koAdmin.productForm.buttonNamePlaceholder}
            />
          </Field>
          <Field label={koAdmin.productForm.buttonLink(label)} meta={link}>
            <input {...getInputProps(link, { type: "url" })} inputMode="url" placeholder={koAdmin.productForm.linkPlaceholder} />
          </Field>
        </div>
      </fieldset>
    );
  }

  return (
    <section>
      <h1 className="page-title">{title}</h1>
      <Form method="post" action={selfAction} encType="multipart/form-data" className="form" {...formProps}>
        <FormError id={form.errorId} errors={form.errors} />
        {product ? null : <input type="hidden" name="submissionId" value={submissionId} />}
        <Field label={ko.products.name} meta={fields.productsNm}>
          <input
            {...getInputProps(fields.productsNm, { type: "text" })}
            maxLength={PRODUCT_NAME_MAX}
            placeholder={koAdmin.productForm.namePlaceholder}
          />
        </Field>
        <ImageField
          label={ko.products.image}
          currentUrl={product?.image ?? null}
          errors={upload.pictureErrors.imageFile ?? fields.imageFile.errors}
          errorId={fields.imageFile.errorId}
        />
        <Field label={ko.products.description} meta={fields.description}>
          <AutoGrowTextarea {...getTextareaProps(fields.description)} rows={3} placeholder={koAdmin.productForm.descriptionPlaceholder} />
        </Field>
        <SegmentedChoice
          legend={koAdmin.productForm.kind}
          name={fields.isGroupBuy.name}
          options={[
            ["true", ko.products.groupBuy],
            ["false", ko.products.recommend],
          ]}
          defaultValue={fields.isGroupBuy.initialValue}
        />
        {buttonFields("left")}
        {buttonFields("right")}
        <SegmentedChoice
          legend={koAdmin.productForm.visibility}
          name={fields.isView.name}
          options={[
            ["true", ko.products.publish],
            ["false", ko.products.hide],
          ]}
          defaultValue={fields.isView.initialValue}
        />
        <UploadSubmit label={product ? ko.common.edit : ko.common.register} upload={upload.state} busy={busy} />
      </Form>
    </section>
  );
}
