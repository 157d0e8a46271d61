import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { movePartnerAd, runPartnerAdCommand } from "~/features/settings/partner-ads.server";
import { SITE_SETTINGS_PATH } from "~/features/settings/paths";
import { partnerAdCommandSchema } from "~/features/settings/schema";
import { failedToast, requireAdminAction, saved } from "~/lib/admin-form.server";
import { parseFormData } from "~/lib/api.server";
import { moveFromPage } from "~/lib/list-order.server";
import { readPageForm } from "~/lib/page.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin" });

/**
 * The page door of the banner list's buttons (위로/아래로 as `intent=move`; show, hide, delete as a
 * command): a plain form post that comes back to 사이트 설정 with what happened, or why not (a
 * banner deleted meanwhile), as the toast.
 */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  const form = await readPageForm(request);
  if (form.get("intent") === "move") {
    return moveFromPage(form, SITE_SETTINGS_PATH, (id, direction) => movePartnerAd(admin, id, direction));
  }
  try {
    const { index, command } = parseFormData(form, partnerAdCommandSchema);
    const message = await runPartnerAdCommand(admin, index, command);
    return saved(SITE_SETTINGS_PATH, message);
  } catch (error) {
    return failedToast(SITE_SETTINGS_PATH, error);
  }
}

export function loader() {
  return redirect(SITE_SETTINGS_PATH);
}
