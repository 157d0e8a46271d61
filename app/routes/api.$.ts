import { apiNotFound } from "~/lib/api.server";

export const loader = apiNotFound;
export const action = apiNotFound;
