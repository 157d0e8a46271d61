import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ConfirmStep } from "~/components/ConfirmStep";
import { DraftKeeper } from "~/components/DraftKeeper";
import { FormError } from "~/components/FormErrors";
import { ko } from "~/copy/ko";
import { koAdmin } from "~/copy/ko-admin";
import { koServer } from "~/copy/ko-server.server";
import { IdentitySummary } from "~/features/settings/components/IdentitySummary";
import { AD_COMMAND_ACTION, PartnerAdList } from "~/features/settings/components/PartnerAdList";
import { SettingField } from "~/features/settings/components/SettingField";
import { listPartnerAds } from "~/features/settings/partner-ads.server";
import { AD_REGISTER_PATH, adEditPath, SITE_SETTINGS_PATH } from "~/features/settings/paths";
import { saveSiteSettings, siteSettingsForm } from "~/features/settings/settings-form.server";
import { BOT_ID_MAX, BOT_ID_PATTERN, KAKAO_JS_KEY_PATTERN, overridesSchema } from "~/features/settings/settings-schema";
import { currentSiteIdentity } from "~/features/settings/site-settings.server";
import { failedForm, invalidForm, readAdminForm, requireAdminAction } from "~/lib/admin-form.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { routeFacts } from "~/lib/route-facts";
import { editTagNow, positiveId } from "~/lib/route-info";
import { pageMeta } from "~/lib/seo";
import { requireAdminPage } from "~/lib/session.server";
import adsStyles from "~/styles/ads.css";
import settingsStyles from "~/styles/settings.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: adsStyles },
  { rel: "stylesheet", href: settingsStyles },
];

export const handle = routeFacts({ access: "admin", jsBudgetKiB: 150 });

export const meta: MetaFunction = (args) => pageMeta(args, { title: koAdmin.siteSettings.title, noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdminPage({ request, context });
  const ads = listPartnerAds(admin);
  // `?delete={id}` asks before a banner is deleted (a page of its own without JavaScript).
  const deleteId = positiveId(new URL(request.url).searchParams.get("delete"));
  const editTag = editTagNow();
  return {
    settings: siteSettingsForm(admin),
    ads: ads.map((ad) => ({ ...ad, editHref: adEditPath(editTag, ad.index) })),
    deleting: ads.find((ad) => ad.index === deleteId) ?? null,
    siteNameShown: currentSiteIdentity().name,
    identityWords: koServer.siteIdentity,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  const form = await readAdminForm(request, { files: 0 });
  if (!form.ok) return form.reply;
  const submission = parseWithZod(form.data, { schema: overridesSchema });
  if (submission.status !== "success") return invalidForm(submission);
  try {
    // The identity is not on this form: its fields, left out, keep what is saved. The form always
    // has the channel's field: a blank one (read as absent) removes it.
    await saveSiteSettings(admin, { ...submission.value, kakaoChannelUrl: submission.value.kakaoChannelUrl ?? null });
  } catch (error) {
    return failedForm(submission, error);
  }
  return redirectWithFlash(SITE_SETTINGS_PATH, { message: koServer.flash.siteSettingsSaved }, { replace: true });
}

export default function SiteSettings() {
  const { settings, ads, deleting, siteNameShown, identityWords } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: overridesSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: {
      chatbotScriptUrl: settings.saved.chatbotScriptUrl ?? "",
      chatbotBotId: settings.saved.chatbotBotId ?? "",
      kakaoJsKey: settings.saved.kakaoJsKey ?? "",
      kakaoChannelUrl: settings.saved.kakaoChannelUrl ?? "",
    },
  });

  return (
    <section className="narrow">
      {deleting ? (
        <ConfirmStep
          question={ko.list.confirmDelete}
          fields={[
            ["index", String(deleting.index)],
            ["command", "delete"],
          ]}
          cancelHref={SITE_SETTINGS_PATH}
          action={AD_COMMAND_ACTION}
        >
          <p>{koAdmin.siteSettings.confirmDeleteAd(deleting.name)}</p>
        </ConfirmStep>
      ) : null}
      <h1 className="page-title">{koAdmin.siteSettings.title}</h1>
      <IdentitySummary identity={settings.identity} shownName={siteNameShown} words={identityWords} />

      <section className="card settings-section" aria-labelledby="ads-title">
        <h2 id="ads-title" className="settings-section__title">
          {koAdmin.siteSettings.adsTitle}
        </h2>
        <p className="hint">{koAdmin.siteSettings.adsHint}</p>
        <PartnerAdList ads={ads} />
        <Link to={AD_REGISTER_PATH} className="button button--primary button--block">
          {koAdmin.siteSettings.addAd}
        </Link>
      </section>

      <Form method="post" className="form" {...getFormProps(form)}>
        <FormError id={form.errorId} errors={form.errors} />
        <DraftKeeper name="site-settings" />
        <fieldset className="card settings-section">
          <legend className="settings-section__title">{koAdmin.siteSettings.chatbotTitle}</legend>
          <SettingField
            label={koAdmin.siteSettings.chatbotScriptUrl}
            meta={fields.chatbotScriptUrl}
            hint={koAdmin.siteSettings.chatbotScriptUrlHint}
            fallback={settings.defaults.chatbotScriptUrl}
            input={{
              ...getInputProps(fields.chatbotScriptUrl, { type: "url" }),
              inputMode: "url",
              placeholder: "https://www.chatbase.co/embed.min.js",
            }}
          />
          <SettingField
            label={koAdmin.siteSettings.chatbotBotId}
            meta={fields.chatbotBotId}
            fallback={settings.defaults.chatbotBotId}
            input={{
              ...getInputProps(fields.chatbotBotId, { type: "text" }),
              maxLength: BOT_ID_MAX,
              pattern: BOT_ID_PATTERN,
              autoComplete: "off",
              spellCheck: false,
            }}
          />
        </fieldset>
        <fieldset className="card settings-section">
          <legend className="settings-section__title">{koAdmin.siteSettings.kakaoTitle}</legend>
          <SettingField
            label={koAdmin.siteSettings.kakaoJsKey}
            meta={fields.kakaoJsKey}
            hint={koAdmin.siteSettings.kakaoJsKeyHint}
            fallback={settings.defaults.kakaoJsKey}
            input={{
              ...getInputProps(fields.kakaoJsKey, { type: "text" }),
              maxLength: 32,
              pattern: KAKAO_JS_KEY_PATTERN,
              autoComplete: "off",
              spellCheck: false,
            }}
          />
        </fieldset>
        <fieldset className="card settings-section">
          <legend className="settings-section__title">{koAdmin.siteSettings.kakaoChannelTitle}</legend>
          <SettingField
            label={koAdmin.siteSettings.kakaoChannelUrl}
            meta={fields.kakaoChannelUrl}
            hint={koAdmin.siteSettings.kakaoChannelUrlHint}
            fallback={null}
            input={{ ...getInputProps(fields.kakaoChannelUrl, { type: "url" }), inputMode: "url", placeholder: "https://pf.kakao.com/_" }}
          />
        </fieldset>
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {koAdmin.siteSettings.save}
        </button>
      </Form>
    </section>
  );
}
