import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "public", jsBudgetKiB: 100 });

/**
 * Any path no route claims. Thrown as a 404 from a route (not a missing match) so the root loader
 * runs and the Korean 404 page keeps the site shell.
 */
function notFound(): never {
  throw new Response("Not found", { status: 404 });
}

export const loader = notFound;
export const action = notFound;

export default function NotFound() {
  return null;
}
