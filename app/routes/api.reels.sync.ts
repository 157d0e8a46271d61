import type { ActionFunctionArgs } from "@remix-run/node";
import { syncReels } from "~/features/reels/import.server";
import { apiFailure, apiMethodNotAllowed, apiOk, requireAdminApi, requireMethod } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin" });

/** POST /api/reels/sync: imports new reels now; answers `{imported, filed, unfiled}`. */
export async function action({ request }: ActionFunctionArgs) {
  try {
    requireMethod(request, "POST");
    const admin = await requireAdminApi(request);
    const { imported, filed, unfiled } = await syncReels(admin);
    return apiOk({ imported, filed, unfiled });
  } catch (error) {
    return apiFailure(error);
  }
}

export const loader = apiMethodNotAllowed;
