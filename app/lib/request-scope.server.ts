// The id the server gave the request being answered (server/request-log.ts), in scope while Remix
// runs it, so that the API's error envelope names it (docs/operations.md §8) without every route
// handing its load context down to `apiError`.
import { AsyncLocalStorage } from "node:async_hooks";

const requestScope = new AsyncLocalStorage<string>();

export function withRequestId<T>(requestId: string, run: () => T): T {
  return requestScope.run(requestId, run);
}

/** The current request's id; undefined outside the server (a test calling a loader directly). */
export function currentRequestId() {
  return requestScope.getStore();
}
