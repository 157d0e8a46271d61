import type { LoaderFunctionArgs } from "@remix-run/node";
import { databaseAnswers } from "~/features/health/health.server";
import { apiMethodNotAllowed } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "public" });

export function loader({ request }: LoaderFunctionArgs) {
  // Remix sends OPTIONS and the like here too; only GET and HEAD are health checks.
  if (request.method !== "GET" && request.method !== "HEAD") return apiMethodNotAllowed();
  const ok = databaseAnswers();
  return Response.json({ ok }, { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}

export const action = apiMethodNotAllowed;
