import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { DraftKeeper } from "~/components/DraftKeeper";
import { FormError } from "~/components/FormErrors";
import { UploadSubmit } from "~/components/UploadSubmit";
import { koAdmin } from "~/copy/ko-admin";
import { koServer } from "~/copy/ko-server.server";
import { footerLinkRows, IdentityFields } from "~/features/settings/components/IdentityFields";
import { identityFormSchema } from "~/features/settings/identity-schema";
import { SITE_SETTINGS_PATH } from "~/features/settings/paths";
import { saveSiteIdentity, siteSettingsForm } from "~/features/settings/settings-form.server";
import { currentSiteIdentity } from "~/features/settings/site-settings.server";
import { failedForm, readParsedForm, requireAdminAction, saved, uploadFormData } from "~/lib/admin-form.server";
import { routeFacts } from "~/lib/route-facts";
import { pageMeta } from "~/lib/seo";
import { requireAdminPage } from "~/lib/session.server";
import { useUpsertForm } from "~/lib/use-upsert-form";
import settingsStyles from "~/styles/settings.css";

// 사이트 설정 > 사이트 정보 (DESIGN §10 "Site identity"): whose site it is. The API's door is
// POST /api/site-settings/update (a missing field kept there; here every field is on the form).

export const links: LinksFunction = () => [{ rel: "stylesheet", href: settingsStyles }];

export const handle = routeFacts({ access: "admin", jsBudgetKiB: 150, body: { uploads: 1 } });

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, { title: args.data?.words.title, noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdminPage({ request, context });
  return {
    identity: siteSettingsForm(admin).identity,
    // A site never named shows its neutral name: the form starts with it, so a save keeps a name.
    siteNameShown: currentSiteIdentity().name,
    uploadMaxMb: uploadFormData().uploadMaxMb,
    // Labels and hints as data: the owner's other screens carry none of them (decision 0008).
    words: koServer.siteIdentity,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  const form = await readParsedForm(request, identityFormSchema, { files: 1 });
  if (!form.ok) return form.reply;
  const { submission } = form;
  try {
    await saveSiteIdentity(admin, submission.value);
  } catch (error) {
    return failedForm(submission, error);
  }
  return saved(SITE_SETTINGS_PATH, koServer.siteIdentity.saved);
}

export default function SiteIdentity() {
  const { identity, siteNameShown, uploadMaxMb, words } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  const { fields, frame, pictureErrors, heldPicture } = useUpsertForm(identityFormSchema, {
    uploadMaxMb,
    defaultValue: {
      siteName: identity.siteName ?? siteNameShown,
      siteIntro: identity.siteIntro ?? "",
      siteHandle: identity.siteHandle ?? "",
      footerLinks: footerLinkRows(identity.footerLinks),
      copyrightHolder: identity.copyrightHolder ?? "",
      privacyContact: identity.privacyContact ?? "",
    },
  });
  const { form, formProps, upload } = frame;
  return (
    <section className="narrow">
      <h1 className="page-title">{words.title}</h1>
      <Form method="post" encType="multipart/form-data" className="form" {...formProps}>
        <FormError id={form.errorId} errors={form.errors} />
        <DraftKeeper name="site-identity" />
        <IdentityFields
          form={form}
          fields={fields}
          words={words}
          profileImage={identity.profileImage}
          pictureErrors={pictureErrors.imageFile}
          heldPicture={heldPicture}
        />
        {upload ? <UploadSubmit label={koAdmin.siteSettings.save} upload={upload} busy={busy} /> : null}
        <Link to={SITE_SETTINGS_PATH} className="button button--block">
          {words.back}
        </Link>
      </Form>
    </section>
  );
}
