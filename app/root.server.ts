import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { getHomeMenu } from "~/features/home/home.server";
import { shellIdentity } from "~/features/settings/shell-identity.server";
import { siteSettings } from "~/features/settings/site-settings.server";
import { consumeFlash } from "~/lib/flash.server";
import { siteOrigin } from "~/lib/page.server";
import { currentAdmin } from "~/lib/session.server";

// The root loader lives in a module of its own so that visitors' browsers get one empty stand-in
// for it instead of one per server module it uses (each is a separate chunk when routes share it).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const menu = getHomeMenu();
  const [admin, { flash, setCookie }] = await Promise.all([currentAdmin({ request, context }), consumeFlash(request)]);
  return data(
    {
      isLogin: admin !== null,
      menu,
      site: shellIdentity(menu.isViewFlags),
      flash,
      origin: siteOrigin(request),
      kakaoJsKey: siteSettings().kakaoJsKey,
    },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}
