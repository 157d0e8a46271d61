import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { Field } from "~/components/Field";
import { FieldError, FormError } from "~/components/FormErrors";
import { ko } from "~/copy/ko";
import { koAdmin } from "~/copy/ko-admin";
import { instagramConnection } from "~/features/instagram/token.server";
import { getCategory } from "~/features/reels/categories.server";
import { InstaFilterForm } from "~/features/reels/components/InstaFilterForm";
import { InstaItem } from "~/features/reels/components/InstaItem";
import { getReel } from "~/features/reels/reel-lists.server";
import { listInstaMedia, registerReel, updateReel, type PickerMedia } from "~/features/reels/reel-writes.server";
import { instaFilterSchema, REEL_NAME_MAX, reelSchema } from "~/features/reels/schema";
import { failedForm, invalidForm, readAdminForm, requireAdminAction, upsertTarget, withRecordIndex } from "~/lib/admin-form.server";
import { isAppError } from "~/lib/errors";
import { redirectWithFlash } from "~/lib/flash.server";
import { orNotFoundPage } from "~/lib/page.server";
import { routeFacts } from "~/lib/route-facts";
import { categoryPath, decodeInfo, positiveId } from "~/lib/route-info";
import { pageMeta } from "~/lib/seo";
import { requireAdminPage, type Admin } from "~/lib/session.server";
import { useErrorFocus } from "~/lib/use-error-focus";
import { useSelfAction } from "~/lib/use-self-action";
import type * as z from "~/lib/zod";
import reelsUpsertStyles from "~/styles/reels-upsert.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: reelsUpsertStyles }];

export const handle = routeFacts({ access: "admin", jsBudgetKiB: 150 });

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { title: args.data?.reel ? koAdmin.reelsForm.reelEditTitle : koAdmin.reelsForm.reelRegisterTitle, noindex: true });

function notFound(): never {
  throw new Response("Not found", { status: 404 });
}

/** The category a register link names (`info` carries title and reelsCategoryId). */
function registerCategory(admin: Admin, infoParam: string | undefined) {
  const id = positiveId(decodeInfo(infoParam)?.reelsCategoryId);
  if (id === null) notFound();
  return orNotFoundPage(() => getCategory(admin, id));
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdminPage({ request, context });
  const target = upsertTarget(params);
  if (target !== null) {
    const reel = orNotFoundPage(() => getReel(admin, target));
    return { reel, category: getCategory(admin, reel.categoryId), register: null };
  }
  const category = registerCategory(admin, params.info);
  const search = new URL(request.url).searchParams;
  const filter = parseWithZod(search, { schema: instaFilterSchema });
  let picker: { media: PickerMedia[]; filedCount: number | null } = { media: [], filedCount: null };
  let mediaError: string | null = null;
  if (filter.status === "success") {
    try {
      picker = await listInstaMedia(admin, filter.value);
    } catch (error) {
      if (!isAppError(error)) throw error;
      mediaError = error.message;
    }
  }
  return {
    reel: null,
    category,
    register: {
      values: {
        regDateFilter: search.get("regDateFilter") ?? "",
        endDateFilter: search.get("endDateFilter") ?? "",
        // The boxes show what the filter applied (checkedFilter=false is not "on").
        checkedFilter: filter.status === "success" ? filter.value.checkedFilter : search.has("checkedFilter"),
        checkedAscFilter: filter.status === "success" ? filter.value.checkedAscFilter : search.has("checkedAscFilter"),
      },
      filterErrors: filter.status === "error" ? (filter.error ?? {}) : {},
      media: picker.media,
      filedCount: picker.filedCount,
      mediaError,
      instagram: instagramConnection(admin),
    },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  const target = upsertTarget(params);
  const form = await readAdminForm(request, { files: 0 });
  if (!form.ok) return form.reply;
  const submission = parseWithZod(withRecordIndex(form.data, target), { schema: reelSchema });
  if (submission.status !== "success") return invalidForm(submission);
  let category;
  try {
    const reel = target === null ? await registerReel(admin, submission.value) : updateReel(admin, submission.value);
    category = getCategory(admin, reel.categoryId);
  } catch (error) {
    return failedForm(submission, error);
  }
  return redirectWithFlash(categoryPath(category), { message: koAdmin.reelsForm.reelSaved }, { replace: true });
}

export default function ReelUpsert() {
  const { reel, category, register } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const selfAction = useSelfAction();
  const location = useLocation();
  const [form, fields] = useForm<z.input<typeof reelSchema>, z.output<typeof reelSchema>>({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reelSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { reelsNm: reel?.reelsNm ?? "" },
  });
  const formProps = useErrorFocus(getFormProps(form), lastResult);
  const chosenMediaId = typeof fields.mediaId.initialValue === "string" ? fields.mediaId.initialValue : undefined;

  return (
    <section>
      <h1 className="page-title">{reel ? koAdmin.reelsForm.reelEditTitle : koAdmin.reelsForm.reelRegisterTitle}</h1>
      <p className="lead">
        <Link to={categoryPath(category)}>{category.categoryNm}</Link>
      </p>
      {register ? (
        <>
          {register.instagram.demo ? <p className="notice">{koAdmin.instagram.demoFeed}</p> : null}
          <InstaFilterForm
            action={location.pathname}
            values={register.values}
            errors={register.filterErrors}
            filedCount={register.filedCount}
          />
        </>
      ) : null}
      <Form method="post" action={selfAction} className="form" {...formProps}>
        <FormError id={form.errorId} errors={form.errors} />
        {reel ? (
          <InstaItem
            selectable={false}
            item={{
              id: reel.mediaId,
              mediaId: reel.mediaId,
              image: reel.image,
              instaRegDate: reel.instaRegDate,
              timestamp: "",
              link: null,
              caption: reel.caption,
              permalink: reel.permalink,
              isVideo: true,
            }}
          />
        ) : (
          <fieldset className="insta-items">
            <legend className="field-label">{koAdmin.reelsForm.instaItems}</legend>
            {register?.mediaError ? (
              <p className="form-error" role="alert">
                {register.mediaError}
              </p>
            ) : register?.media.length === 0 ? (
              <p className="empty">{koAdmin.reelsForm.noInstaItems}</p>
            ) : (
              <ul className="insta-item-list">
                {register?.media.map((item) => (
                  <li key={item.mediaId}>
                    <InstaItem item={item} filedIn={item.filedIn} selectable defaultChecked={item.mediaId === chosenMediaId} />
                  </li>
                ))}
              </ul>
            )}
            <FieldError id={fields.mediaId.errorId} errors={fields.mediaId.errors} />
          </fieldset>
        )}
        <input type="hidden" name="reelsCategoryID" value={category.index} />
        <Field label={koAdmin.reelsForm.reelName} meta={fields.reelsNm}>
          <input
            {...getInputProps(fields.reelsNm, { type: "text" })}
            maxLength={REEL_NAME_MAX}
            placeholder={koAdmin.reelsForm.reelNamePlaceholder}
          />
        </Field>
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {reel ? ko.common.edit : ko.common.register}
        </button>
      </Form>
    </section>
  );
}
