import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { routeFacts } from "~/lib/route-facts";
import { requireAdminPage } from "~/lib/session.server";
import formsStyles from "~/styles/forms.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: formsStyles }];

export const handle = routeFacts({ access: "admin" });

/**
 * Admin screens (docs/product.md §2): a visitor is sent to "/". A convenience for pages only: each admin
 * loader and use case checks the session itself, since Remix runs loaders in parallel.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminPage({ request, context });
  return null;
}

export default function AdminLayout() {
  return <Outlet />;
}
