import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listPartnerAds, runPartnerAdCommand, savePartnerAd } from "~/features/settings/partner-ads.server";
import { partnerAdCommandSchema, partnerAdSchema, siteSettingsSchema } from "~/features/settings/schema";
import { saveSiteSettings } from "~/features/settings/settings-form.server";
import { saveApi } from "~/lib/api-save.server";
import { adminApiHandler, apiOk, apiOperationNotAllowed, parseJsonBody, runApiOperation, type ApiOperations } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin", body: { uploads: 1 } });

/**
 * POST /api/site-settings/update (JSON: the chatbot and Kakao key; a missing or blank field clears
 * the override), /ad-insert and /ad-update (multipart, like the page form), /ad-command (JSON
 * `{index, command}`: up, down, show, hide, delete).
 */
const operations: ApiOperations = {
  update: (request) =>
    adminApiHandler(request, "POST", async (admin) =>
      apiOk({ siteSettings: saveSiteSettings(admin, await parseJsonBody(request, siteSettingsSchema)) }),
    ),
  "ad-insert": (request) =>
    saveApi(request, { kind: "insert", schema: partnerAdSchema, save: savePartnerAd, respond: (ad) => ({ partnerAds: [ad] }) }),
  "ad-update": (request) =>
    saveApi(request, { kind: "update", schema: partnerAdSchema, save: savePartnerAd, respond: (ad) => ({ partnerAds: [ad] }) }),
  "ad-command": (request) =>
    adminApiHandler(request, "POST", async (admin) => {
      const { index, command } = await parseJsonBody(request, partnerAdCommandSchema);
      const message = await runPartnerAdCommand(admin, index, command);
      return apiOk({ message, partnerAds: listPartnerAds(admin) });
    }),
};

export function action({ request, params }: ActionFunctionArgs) {
  return runApiOperation(operations, params.op, request);
}

export function loader({ params }: LoaderFunctionArgs) {
  return apiOperationNotAllowed(operations, params.op);
}
