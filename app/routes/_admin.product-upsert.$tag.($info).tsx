import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { AutoGrowTextarea } from "~/components/AutoGrowTextarea";
import { Field } from "~/components/Field";
import { ImageField } from "~/components/ImageField";
import { SegmentedChoice } from "~/components/SegmentedChoice";
import { TextField, UpsertForm, VisibilityChoice } from "~/components/UpsertForm";
import { ko } from "~/copy/ko";
import { koAdmin } from "~/copy/ko-admin";
import { koServer } from "~/copy/ko-server.server";
import { productFormWords } from "~/features/products/product-view.server";
import { getProduct, saveProduct } from "~/features/products/products.server";
import { BUTTON_NAME_MAX, DISCLOSURE_MAX, NOTE_MAX, PRODUCT_NAME_MAX, productSchema, SELLER_NAME_MAX } from "~/features/products/schema";
import { failedForm, readUpsertForm, recordToEdit, saved, uploadFormData, upsertPage } from "~/lib/admin-form.server";
import { routeFacts } from "~/lib/route-facts";
import { pageMeta } from "~/lib/seo";
import { useHydrated } from "~/lib/use-hydrated";
import { useUpsertForm } from "~/lib/use-upsert-form";

export const handle = routeFacts({ access: "admin", jsBudgetKiB: 150, body: { uploads: 1 } });

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { title: args.data?.product ? ko.products.editTitle : ko.products.registerTitle, noindex: true });

export async function loader(args: LoaderFunctionArgs) {
  const { admin, target } = await upsertPage(args);
  return { product: recordToEdit(target, (id) => getProduct(admin, id)), ...uploadFormData(), ...productFormWords() };
}

export async function action(args: ActionFunctionArgs) {
  const form = await readUpsertForm(args, productSchema, { files: 1 });
  if (!form.ok) return form.reply;
  try {
    await saveProduct(form.admin, form.submission.value);
  } catch (error) {
    return failedForm(form.submission, error);
  }
  return saved("/product-list", form.target === null ? koServer.flash.productRegistered : koServer.flash.productUpdated);
}

type Side = "left" | "right";

export default function ProductUpsert() {
  const { product, uploadMaxMb, submissionId, disclosurePlaceholder, placeholders } = useLoaderData<typeof loader>();
  const { fields, frame, pictureErrors, heldPicture } = useUpsertForm(productSchema, {
    uploadMaxMb,
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
      price: product?.price?.toString() ?? "",
      groupBuyPrice: product?.groupBuyPrice?.toString() ?? "",
      // A datetime-local field shows 'yyyy-MM-ddTHH:mm'.
      groupBuyStartAt: product?.groupBuyStartAt?.replace(" ", "T") ?? "",
      groupBuyEndAt: product?.groupBuyEndAt?.replace(" ", "T") ?? "",
      groupBuyNote: product?.groupBuyNote ?? "",
      isSoldOut: product?.isSoldOut ? "on" : undefined,
      sellerNm: product?.sellerNm ?? "",
      sellerInfo: product?.sellerInfo ?? "",
      inquiryLink: product?.inquiryLink ?? "",
      // The default wording is the placeholder: a saved product without its own shows the field blank.
      adDisclosure: product?.adDisclosure === disclosurePlaceholder ? "" : (product?.adDisclosure ?? ""),
    },
  });
  const words = koAdmin.productForm;
  const hydrated = useHydrated();
  const [buttonsOn, setButtonsOn] = useState({ left: Boolean(product?.isLeft), right: Boolean(product?.isRight) });

  // Render helpers, not components: a component defined here would remount (and lose focus) on every render.
  function plainInput(field: FieldMetadata<string>, label: string, type: "text" | "url" | "datetime-local", inputMode?: "numeric" | "url") {
    return (
      <Field label={label} meta={field}>
        <input {...getInputProps(field, { type })} inputMode={inputMode} />
      </Field>
    );
  }

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
    <UpsertForm
      title={product ? ko.products.editTitle : ko.products.registerTitle}
      editing={product !== null}
      draft={`product:${product?.index ?? "new"}`}
      {...frame}
      submissionId={submissionId}
    >
      <TextField label={ko.products.name} field={fields.productsNm} maxLength={PRODUCT_NAME_MAX} placeholder={placeholders.name} />
      <ImageField
        label={ko.products.image}
        currentUrl={product?.image ?? null}
        errors={pictureErrors.imageFile ?? fields.imageFile.errors}
        held={heldPicture}
        errorId={fields.imageFile.errorId}
      />
      <Field label={ko.products.description} meta={fields.description}>
        <AutoGrowTextarea {...getTextareaProps(fields.description)} rows={3} placeholder={placeholders.description} />
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
      <fieldset className="card">
        <legend>{words.prices}</legend>
        <div className="field-pair">
          {plainInput(fields.price, words.price, "text", "numeric")}
          {plainInput(fields.groupBuyPrice, words.groupBuyPrice, "text", "numeric")}
        </div>
      </fieldset>
      {/* Hidden by CSS (forms.css) while 제품 추천 is chosen; kept as typed. */}
      <fieldset className="card group-buy-fields">
        <legend>{words.groupBuy}</legend>
        {plainInput(fields.groupBuyStartAt, words.startAt, "datetime-local")}
        {plainInput(fields.groupBuyEndAt, words.endAt, "datetime-local")}
        <TextField label={words.note} field={fields.groupBuyNote} maxLength={NOTE_MAX} placeholder={placeholders.note} />
        <div className="field field--check">
          <input {...getInputProps(fields.isSoldOut, { type: "checkbox" })} />
          <label htmlFor={fields.isSoldOut.id}>{words.soldOut}</label>
        </div>
        <TextField label={words.sellerNm} field={fields.sellerNm} maxLength={SELLER_NAME_MAX} placeholder="" />
        <Field label={words.sellerInfo} meta={fields.sellerInfo}>
          <AutoGrowTextarea {...getTextareaProps(fields.sellerInfo)} rows={3} placeholder={placeholders.sellerInfo} />
        </Field>
        {plainInput(fields.inquiryLink, words.inquiryLink, "url", "url")}
        <TextField label={words.adDisclosure} field={fields.adDisclosure} maxLength={DISCLOSURE_MAX} placeholder={disclosurePlaceholder} />
      </fieldset>
      {buttonFields("left")}
      {buttonFields("right")}
      <VisibilityChoice field={fields.isView} />
    </UpsertForm>
  );
}
