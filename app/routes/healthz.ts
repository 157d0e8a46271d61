import type { LoaderFunctionArgs } from "@remix-run/node";
import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { apiMethodNotAllowed } from "~/lib/http.server";

export function loader({ request }: LoaderFunctionArgs) {
  // Remix sends OPTIONS and the like here too; only GET and HEAD are health checks.
  if (request.method !== "GET" && request.method !== "HEAD") return apiMethodNotAllowed();
  try {
    db().get(sql`select 1`);
    return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json({ ok: false }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}

export const action = apiMethodNotAllowed;
