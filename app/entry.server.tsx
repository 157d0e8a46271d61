import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { wholeDocument } from "~/lib/document-end.server";
import { logError } from "~/lib/log.server";
import { NonceProvider } from "~/lib/nonce";
import { RequestIdProvider } from "~/lib/request-id";

export { finishServer, prepareServer, serverSettings } from "~/startup/server.server";
export { contentVersion } from "~/lib/content-version.server";
export { countGuideView, countReelView } from "~/features/insights/views.server";
export { countPageVisit } from "~/features/insights/page-visits.server";
export { withRequestId } from "~/lib/request-scope.server";
// For a harness that runs the built app in its own process and reads its log (tests/support/app.ts).
export { sendLogTo } from "~/lib/log.server";

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Cleared when the render is done: a pending timer would keep the whole render (request, data,
    // React tree) alive for 6 s, about 900 renders' worth at full load.
    const abortTimer = setTimeout(() => abort(), ABORT_DELAY + 1000);
    abortTimer.unref();
    // The page is sent whole: nothing in it waits (no deferred data), so streaming its pieces would
    // only cost CPU; bots and browsers get the same document.
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RequestIdProvider value={{ requestId: loadContext.requestId }}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </RequestIdProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          clearTimeout(abortTimer);
          pipe(wholeDocument((html) => resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }))));
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged; the visitor sees the error boundary, never the stack.
          if (shellRendered) logError("render failure", error, loadContext.requestId);
        },
      },
    );
  });
}

export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted) return;
  // A 404 or 405 is an answer, not a fault: only real failures are logged.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // With the id the error page shows, so the owner's quote finds this stack (docs/operations.md §8).
  logError("server failure", error, context.requestId);
}
