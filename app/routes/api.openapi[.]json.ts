import type { LoaderFunctionArgs } from "@remix-run/node";
import { openApiDocument } from "~/features/api-docs/document.server";
import { apiMethodNotAllowed } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "public" });

/** GET /api/openapi.json: the OpenAPI 3.1 description of /api, for client generators and API explorers. */
export function loader({ context }: LoaderFunctionArgs) {
  if (!context.routeTable) throw new Error("The server passes the route table in the load context.");
  return Response.json(openApiDocument(context.routeTable), { headers: { "Cache-Control": "public, max-age=300" } });
}

export const action = apiMethodNotAllowed;
