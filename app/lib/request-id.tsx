import { useLocation } from "@remix-run/react";
import { createContext, useContext } from "react";

// The id of the request that rendered the document (docs/operations.md §8), for the error page to
// show. On the server it comes from the load context; in the browser, entry.client reads it back
// from the error page the server rendered (`data-request-id`), so hydration sees the same text.
type RenderedRequest = {
  requestId: string | undefined;
  /** In the browser: the address the document was loaded at (path and query). */
  address?: string;
};

const RequestIdContext = createContext<RenderedRequest>({ requestId: undefined });

export const RequestIdProvider = RequestIdContext.Provider;

/** The attribute the error page carries the id in. */
export const REQUEST_ID_ATTRIBUTE = "data-request-id";

/**
 * The id of the request whose failure this page shows. In the browser, only at the address the
 * document was loaded at: a failure after a navigation elsewhere came from another request, whose
 * id the browser never sees (its log line has it).
 */
export function useRequestId() {
  const { requestId, address } = useContext(RequestIdContext);
  const location = useLocation();
  if (address !== undefined && address !== `${location.pathname}${location.search}`) return undefined;
  return requestId;
}
