import { apiNotFound } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "public" });

export const loader = apiNotFound;
export const action = apiNotFound;
