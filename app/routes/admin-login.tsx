import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Field } from "~/components/Field";
import { FormError } from "~/components/FormErrors";
import { ko } from "~/copy/ko";
import { login } from "~/features/auth/auth.server";
import { loginSchema } from "~/features/auth/schema";
import { failedForm, invalidForm } from "~/lib/admin-form.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { readPageForm } from "~/lib/page.server";
import { routeFacts } from "~/lib/route-facts";
import { safeRedirect } from "~/lib/safe-redirect";
import { pageMeta } from "~/lib/seo";
import { currentAdmin } from "~/lib/session.server";
import { useErrorFocus } from "~/lib/use-error-focus";
import formsStyles from "~/styles/forms.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: formsStyles }];

export const handle = routeFacts({ access: "admin", login: true, body: "small", jsBudgetKiB: 150 });

export const meta: MetaFunction = (args) => pageMeta(args, { title: ko.login.title, noindex: true });

/** Where a login leads: a same-site path only, and never back to this page. */
function destinationAfterLogin(redirectTo: unknown, request: Request) {
  const to = safeRedirect(redirectTo);
  return new URL(to, request.url).pathname === "/admin-login" ? "/" : to;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = destinationAfterLogin(new URL(request.url).searchParams.get("redirectTo"), request);
  // A logged-in admin has nothing to do here: on to where the login would have led.
  if (await currentAdmin({ request, context })) throw redirect(redirectTo);
  return { redirectTo };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readPageForm(request), { schema: loginSchema });
  if (submission.status !== "success") return invalidForm(submission);
  try {
    const { setCookie } = await login(submission.value, request, context.clientAddress ?? "unknown");
    // The form carries redirectTo (JavaScript on or off); a post to ?redirectTo= without it still counts.
    const redirectTo = submission.value.redirectTo ?? new URL(request.url).searchParams.get("redirectTo");
    return redirectWithFlash(
      destinationAfterLogin(redirectTo, request),
      { message: ko.login.welcome },
      { headers: { "Set-Cookie": setCookie } },
    );
  } catch (error) {
    return failedForm(submission, error);
  }
}

export default function AdminLogin() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const passwordRef = useRef<HTMLInputElement>(null);
  // A refused password is not left in the field (the server never sends it back either).
  useEffect(() => {
    if (lastResult?.status === "error" && passwordRef.current) passwordRef.current.value = "";
  }, [lastResult]);
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const formProps = useErrorFocus(getFormProps(form), lastResult);

  return (
    <section className="narrow">
      <h1 className="page-title">{ko.login.title}</h1>
      <Form method="post" className="form card" {...formProps}>
        <FormError id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label={ko.login.id} meta={fields.id}>
          <input
            {...getInputProps(fields.id, { type: "text" })}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            enterKeyHint="next"
          />
        </Field>
        <Field label={ko.login.pw} meta={fields.pw}>
          <input {...getInputProps(fields.pw, { type: "password" })} ref={passwordRef} autoComplete="current-password" enterKeyHint="go" />
        </Field>
        <div className="field field--check">
          <input {...getInputProps(fields.isPersonal, { type: "checkbox" })} aria-describedby="remember-note" />
          <label htmlFor={fields.isPersonal.id}>{ko.login.remember}</label>
          <p id="remember-note" className="hint">
            {ko.login.rememberNote}
          </p>
        </div>
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {ko.login.submit}
        </button>
      </Form>
    </section>
  );
}
