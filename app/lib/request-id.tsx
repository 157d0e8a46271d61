import { useLocation } from "@remix-run/react";
import { createContext, useContext } from "react";

// The id of the request that rendered the document (docs/operations.md §8), for the error page to
// show. On the server it comes from the load context; in the browser, entry.client reads it back
// from the error page the server rendered (`data-request-id`), so hydration sees the same text.
const RequestIdContext = createContext<string | undefined>(undefined);

export const RequestIdProvider = RequestIdContext.Provider;

/** The attribute the error page carries the id in. */
export const REQUEST_ID_ATTRIBUTE = "data-request-id";

/**
 * The id of the request whose failure this page shows: only at the document's own location (key
 * "default"); after a navigation in the browser the failure came from another request.
 */
export function useRequestId() {
  const requestId = useContext(RequestIdContext);
  return useLocation().key === "default" ? requestId : undefined;
}
