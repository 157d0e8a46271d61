import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { startInstagramLogin } from "~/features/instagram/login.server";
import { failedToast } from "~/lib/admin-form.server";
import { siteOrigin } from "~/lib/page.server";
import { routeFacts } from "~/lib/route-facts";
import { requireAdminPage, sessionKey } from "~/lib/session.server";

export const handle = routeFacts({ access: "admin" });

/**
 * 인스타그램 연결 (docs/product.md §2): to Instagram's authorization window, with a state bound to
 * this session; without a configured app, back to /instagram-token with why.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdminPage({ request, context });
  try {
    return redirect(startInstagramLogin(admin, await sessionKey(request), siteOrigin(request)));
  } catch (error) {
    return failedToast("/instagram-token", error);
  }
}
