import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Field, fieldDescriptionIds } from "~/components/Field";
import { FormError } from "~/components/FormErrors";
import { ko } from "~/copy/ko";
import { koAdmin } from "~/copy/ko-admin";
import { koServer } from "~/copy/ko-server.server";
import { instagramLoginOffered } from "~/features/instagram/login.server";
import { instagramTokenPageSchema, instagramTokenSchema } from "~/features/instagram/schema";
import { connectInstagram, disconnectInstagram, instagramConnection } from "~/features/instagram/token.server";
import { failedForm, invalidForm, readAdminForm, requireAdminAction, saved } from "~/lib/admin-form.server";
import { routeFacts } from "~/lib/route-facts";
import { pageMeta } from "~/lib/seo";
import { requireAdminPage } from "~/lib/session.server";
import { formatKst } from "~/lib/time";
import { useErrorFocus } from "~/lib/use-error-focus";

export const handle = routeFacts({ access: "admin", jsBudgetKiB: 150 });

export const meta: MetaFunction = (args) => pageMeta(args, { title: koAdmin.instagram.tokenTitle, noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdminPage({ request, context });
  const status = instagramConnection(admin);
  // Formatted here, so date-fns stays out of the browser bundle.
  return { status, expiresAt: status.expiresAt ? formatKst(status.expiresAt) : null, loginOffered: instagramLoginOffered() };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  const form = await readAdminForm(request, { files: 0 });
  if (!form.ok) return form.reply;
  // A token posted alone (an older page, a script) is the paste form.
  if (!form.data.has("intent")) form.data.set("intent", "token");
  const submission = parseWithZod(form.data, { schema: instagramTokenPageSchema });
  if (submission.status !== "success") return invalidForm(submission);
  try {
    if (submission.value.intent === "disconnect") {
      disconnectInstagram(admin);
      return saved("/instagram-token", koServer.instagramLogin.disconnected);
    }
    await connectInstagram(admin, submission.value.token);
  } catch (error) {
    return failedForm(submission, error);
  }
  return saved("/instagram-token", koServer.flash.instagramTokenSaved);
}

export default function InstagramToken() {
  const { status, expiresAt, loginOffered } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const disconnecting = busy && navigation.formData?.get("intent") === "disconnect";
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: instagramTokenSchema }),
    shouldValidate: "onSubmit",
  });
  const formProps = useErrorFocus(getFormProps(form), lastResult);
  const linked = status.configured && !status.demo;
  return (
    <section className="narrow">
      <h1 className="page-title">{koAdmin.instagram.tokenTitle}</h1>
      <div className="card">
        <h2 className="field-label">{koAdmin.instagram.status}</h2>
        {status.demo ? (
          <p>{koAdmin.instagram.demoFeed}</p>
        ) : status.configured ? (
          <p>{koAdmin.instagram.connectedAs(status.username ?? "Instagram")}</p>
        ) : (
          <p>{koAdmin.instagram.notConnected}</p>
        )}
        {expiresAt ? <p className="hint">{koAdmin.instagram.expiresAt(expiresAt)}</p> : null}
        {status.configured ? (
          <Form method="post" className="form">
            <input type="hidden" name="intent" value="disconnect" />
            <button type="submit" className="button button--block" disabled={busy}>
              {disconnecting ? koAdmin.instagram.disconnecting : koAdmin.instagram.disconnect}
            </button>
          </Form>
        ) : null}
      </div>
      {loginOffered ? (
        <div className="card">
          <p>{koAdmin.instagramLogin.lead}</p>
          {/* A document navigation: the answer is a redirect to Instagram. */}
          <a href="/instagram-connect" className="button button--primary button--block">
            {linked ? koAdmin.instagramLogin.reconnect : koAdmin.instagramLogin.connect}
          </a>
        </div>
      ) : null}
      <Form method="post" className="form card" {...formProps}>
        {loginOffered ? <h2 className="field-label">{koAdmin.instagram.pasteTitle}</h2> : null}
        <input type="hidden" name="intent" value="token" />
        <FormError id={form.errorId} errors={form.errors} />
        <Field label={koAdmin.instagram.tokenLabel} meta={fields.token} hint={koAdmin.instagram.tokenHint}>
          <input
            {...getInputProps(fields.token, { type: "password" })}
            autoComplete="off"
            aria-describedby={fieldDescriptionIds(fields.token)}
          />
        </Field>
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {ko.common.register}
        </button>
      </Form>
    </section>
  );
}
