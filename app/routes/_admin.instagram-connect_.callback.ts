import type { LoaderFunctionArgs } from "@remix-run/node";
import { koServer } from "~/copy/ko-server.server";
import { finishInstagramLogin } from "~/features/instagram/login.server";
import { failedToast, saved } from "~/lib/admin-form.server";
import { siteOrigin } from "~/lib/page.server";
import { routeFacts } from "~/lib/route-facts";
import { requireAdminPage, sessionKey } from "~/lib/session.server";

export const handle = routeFacts({ access: "admin" });

/**
 * Where Instagram sends her back (docs/product.md §2): the code becomes the stored long-lived token,
 * or nothing changes and /instagram-token says why (she cancelled, a wrong or spent state, a refused
 * code, Instagram away). Either way the address with the code is replaced in the history.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdminPage({ request, context });
  try {
    const { username } = await finishInstagramLogin(
      admin,
      await sessionKey(request),
      new URL(request.url).searchParams,
      siteOrigin(request),
    );
    return saved("/instagram-token", koServer.instagramLogin.connected(username));
  } catch (error) {
    return failedToast("/instagram-token", error);
  }
}
