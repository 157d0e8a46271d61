import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ko } from "~/copy/ko";
import { koReelImport } from "~/copy/ko-reel-import";
import { InboxRow } from "~/features/reels/components/InboxRow";
import { fileInboxReel, hideInboxReel, reelInboxPage, syncReels } from "~/features/reels/import.server";
import { inboxSchema } from "~/features/reels/schema";
import { failedForm, invalidForm, readAdminForm, requireAdminAction } from "~/lib/admin-form.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { routeFacts } from "~/lib/route-facts";
import { pageMeta } from "~/lib/seo";
import { requireAdminPage } from "~/lib/session.server";
import reelsStyles from "~/styles/reels.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: reelsStyles }];

export const handle = routeFacts({ access: "admin", jsBudgetKiB: 150 });

export const meta: MetaFunction = (args) => pageMeta(args, { title: koReelImport.inboxTitle, noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdminPage({ request, context });
  return reelInboxPage(admin);
}

const INBOX = "/reels-inbox";

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  const form = await readAdminForm(request, { files: 0 });
  if (!form.ok) return form.reply;
  const submission = parseWithZod(form.data, { schema: inboxSchema });
  if (submission.status !== "success") return invalidForm(submission);
  const input = submission.value;
  try {
    if (input.intent === "sync") {
      const { imported, filed, unfiled } = await syncReels(admin);
      return redirectWithFlash(INBOX, { message: koReelImport.syncDone(imported, filed, unfiled) });
    }
    if (input.intent === "file") {
      fileInboxReel(admin, input);
      return redirectWithFlash(INBOX, { message: koReelImport.filed });
    }
    await hideInboxReel(admin, input.index);
    return redirectWithFlash(INBOX, { message: koReelImport.hidden });
  } catch (error) {
    return failedForm(submission, error);
  }
}

export default function ReelsInbox() {
  const { reels, categories, syncError, syncedAt } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  // The page's forms are small (one row each): whatever was refused is said once, above them.
  const formError = actionData?.status === "error" ? (Object.values(actionData.error ?? {}).flat()[0] ?? ko.errors.invalid) : null;
  return (
    <section className="reels-inbox narrow">
      <h1 className="page-title">{koReelImport.inboxTitle}</h1>
      <p className="hint">{koReelImport.inboxLead}</p>
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}
      {syncError ? (
        <p className="notice" role="alert">
          {koReelImport.lastSyncFailed(syncError)}
        </p>
      ) : null}
      <Form method="post" className="reels-inbox__sync">
        <input type="hidden" name="intent" value="sync" />
        <button type="submit" className="button button--primary" disabled={busy}>
          {koReelImport.syncNow}
        </button>
        {syncedAt ? <span className="hint">{koReelImport.lastSyncAt(syncedAt)}</span> : null}
      </Form>
      {reels.length === 0 ? (
        <p className="empty">{koReelImport.inboxEmpty}</p>
      ) : (
        <ul className="reels-inbox__list">
          {reels.map((reel) => (
            <li key={reel.index}>
              <InboxRow reel={reel} categories={categories} busy={busy} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
