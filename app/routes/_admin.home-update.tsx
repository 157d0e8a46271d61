import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ConfirmStep } from "~/components/ConfirmStep";
import { DraftKeeper } from "~/components/DraftKeeper";
import { Field } from "~/components/Field";
import { FormError } from "~/components/FormErrors";
import { ko } from "~/copy/ko";
import { koAdmin } from "~/copy/ko-admin";
import { koServer } from "~/copy/ko-server.server";
import { getHomeMenu, reviewHomeMenuUpdate, updateHomeMenu } from "~/features/home/home.server";
import { homeUpdateFormSchema, MENU_NAME_MAX, SCREEN_MENU_KEYS, type ScreenMenuKey } from "~/features/home/schema";
import { failedForm, invalidForm, requireAdminAction } from "~/lib/admin-form.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { readPageForm } from "~/lib/page.server";
import { routeFacts } from "~/lib/route-facts";
import { pageMeta } from "~/lib/seo";
import { requireAdminPage } from "~/lib/session.server";
import { useErrorFocus } from "~/lib/use-error-focus";
import { useHydrated } from "~/lib/use-hydrated";
import type * as z from "~/lib/zod";

export const handle = routeFacts({ access: "admin", jsBudgetKiB: 150 });

export const meta: MetaFunction = (args) => pageMeta(args, { title: koAdmin.homeUpdate.title, noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminPage({ request, context });
  return { menu: getHomeMenu() };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  const formData = await readPageForm(request);
  const submission = parseWithZod(formData, { schema: homeUpdateFormSchema });
  if (submission.status !== "success") return invalidForm(submission);
  const { intent, update } = submission.value;
  try {
    if (intent === "review") {
      const { changes } = reviewHomeMenuUpdate(admin, update);
      const fields = [...formData.entries()]
        .filter(([name]) => name !== "intent")
        .map(([name, value]) => [name, String(value)] as [string, string]);
      return { ...submission.reply(), review: { changes, fields } };
    }
    updateHomeMenu(admin, update);
  } catch (error) {
    return failedForm(submission, error);
  }
  return redirectWithFlash("/home-update", {
    message: koServer.flash.menuUpdated,
    next: { href: "/", label: ko.common.confirm, question: koServer.flash.goHomeQuestion },
  });
}

const ROW_LABELS: Record<ScreenMenuKey, string> = koAdmin.homeUpdate.rows;

function currentName(menu: ReturnType<typeof getHomeMenu>, key: ScreenMenuKey) {
  return menu[`${key}MenuNm`];
}

export default function HomeUpdate() {
  const { menu } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const review = actionData && "review" in actionData ? actionData.review : null;
  const hydrated = useHydrated();
  const [form, fields] = useForm<z.input<typeof homeUpdateFormSchema>, z.output<typeof homeUpdateFormSchema>>({
    lastResult: actionData,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: homeUpdateFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: Object.fromEntries(SCREEN_MENU_KEYS.map((key) => [`${key}View`, menu.isViewFlags[key] ? "show" : "hide"])),
  });
  const formProps = useErrorFocus(getFormProps(form), actionData);
  const formRef = formProps.ref;
  const [checked, setChecked] = useState<Record<ScreenMenuKey, boolean>>({ home: false, reels: false, products: false, detail: false });
  // Boxes ticked before the scripts loaded count: read them once hydrated.
  useEffect(() => {
    const elements = formRef.current?.elements;
    if (!elements) return;
    const isTicked = (key: ScreenMenuKey) => (elements.namedItem(`${key}Checked`) as HTMLInputElement | null)?.checked ?? false;
    setChecked({ home: isTicked("home"), reels: isTicked("reels"), products: isTicked("products"), detail: isTicked("detail") });
  }, [formRef]);

  return (
    <section>
      <h1 className="page-title">{koAdmin.homeUpdate.title}</h1>
      <p className="lead">{koAdmin.homeUpdate.intro}</p>
      {review ? (
        <ConfirmStep
          key={JSON.stringify(review.fields)}
          question={koAdmin.homeUpdate.confirmQuestion}
          fields={review.fields}
          cancelHref="/home-update"
        >
          <ChangeSummary changes={review.changes} />
        </ConfirmStep>
      ) : null}
      <Form method="post" className="form" {...formProps}>
        <FormError id={form.errorId} errors={form.errors} />
        <DraftKeeper name="home-update" />
        {SCREEN_MENU_KEYS.map((key) => {
          const checkField = fields[`${key}Checked`];
          const nameField = fields[`${key}MenuNm`];
          const viewField = fields[`${key}View`];
          const label = ROW_LABELS[key];
          return (
            <fieldset key={key} className="card menu-row">
              <legend>{label}</legend>
              <p className="hint">{koAdmin.homeUpdate.currentName(currentName(menu, key))}</p>
              <div className="field field--check">
                <input
                  {...getInputProps(checkField, { type: "checkbox" })}
                  onChange={(event) => setChecked((prev) => ({ ...prev, [key]: event.target.checked }))}
                />
                <label htmlFor={checkField.id}>{koAdmin.homeUpdate.changeLabel(label)}</label>
              </div>
              <Field label={koAdmin.homeUpdate.nameLabel(label)} meta={nameField} hideLabel>
                <input
                  {...getInputProps(nameField, { type: "text" })}
                  placeholder={koAdmin.homeUpdate.namePlaceholder}
                  maxLength={MENU_NAME_MAX}
                  // With JavaScript the name is editable only once its row is ticked (docs/product.md §2).
                  disabled={hydrated && !checked[key]}
                  onKeyDown={(event) => {
                    if (event.key === "Enter") {
                      event.preventDefault();
                      event.currentTarget.blur();
                    }
                  }}
                />
              </Field>
              <div className="segmented" role="radiogroup" aria-label={koAdmin.homeUpdate.visibilityLabel(label)}>
                {(["show", "hide"] as const).map((value) => (
                  <label key={value} className="segmented__option">
                    <input type="radio" name={viewField.name} value={value} defaultChecked={viewField.initialValue === value} />
                    <span>{value === "show" ? ko.common.show : ko.common.hide}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          );
        })}
        <input type="hidden" name="intent" value="review" />
        <button type="submit" className="button button--primary button--block">
          {koAdmin.homeUpdate.submit}
        </button>
      </Form>
    </section>
  );
}

function ChangeSummary({ changes }: { changes: ReturnType<typeof reviewHomeMenuUpdate>["changes"] }) {
  return (
    <ul className="change-summary">
      {SCREEN_MENU_KEYS.map((key) => {
        const name = changes.names[key];
        const flag = changes.flags[key];
        if (name === undefined && flag === undefined) return null;
        return (
          <li key={key}>
            <strong>{ROW_LABELS[key]}</strong>
            {name !== undefined ? ` · ${name}` : ""}
            {flag !== undefined ? ` · ${flag ? ko.common.show : ko.common.hide}` : ""}
          </li>
        );
      })}
    </ul>
  );
}
