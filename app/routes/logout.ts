import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { ko } from "~/copy/ko";
import { logout } from "~/features/auth/auth.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "public", body: "small" });

export function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  return redirectWithFlash("/", { message: ko.login.loggedOut }, { headers: { "Set-Cookie": await logout(request) } });
}
