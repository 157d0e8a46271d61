import { PassThrough, Transform } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { holdDocumentEnd } from "~/lib/document-end.server";
import { NonceProvider } from "~/lib/nonce";
import { RequestIdProvider } from "~/lib/request-id";

export { finishServer, prepareServer, serverSettings } from "~/startup/server.server";
export { contentVersion } from "~/lib/content-version.server";
export { countReelView } from "~/features/insights/views.server";
export { countPageVisit } from "~/features/insights/page-visits.server";
export { withRequestId } from "~/lib/request-scope.server";

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
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Cleared when the render is done: a pending timer would keep the whole render (request, data,
    // React tree) alive for 6 s, about 900 renders' worth at full load.
    const abortTimer = setTimeout(() => abort(), ABORT_DELAY + 1000);
    abortTimer.unref();
    const respond = () => {
      shellRendered = true;
      const body = new PassThrough();
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      const nulFree = stripNulBytes();
      const documentEndLast = holdDocumentEnd();
      nulFree.pipe(documentEndLast).pipe(body);
      pipe(nulFree);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RequestIdProvider value={{ requestId: loadContext.requestId }}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </RequestIdProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          if (!waitForAll) respond();
        },
        onAllReady() {
          clearTimeout(abortTimer);
          if (waitForAll) respond();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged; the visitor sees the error boundary, never the stack.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/**
 * React 18.3's streaming renderer can leave NUL bytes where a multi-byte (Korean) character meets
 * its 2 KB chunk boundary (facebook/react#24985). HTML never contains NUL, so they are dropped.
 */
function stripNulBytes() {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, chunk.includes(0) ? chunk.filter((byte) => byte !== 0) : chunk);
    },
  });
}

export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted) return;
  // A 404 or 405 is an answer, not a fault: only real failures are logged.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // With the id the error page shows, so the owner's quote finds this stack (docs/operations.md §8).
  console.error(error, { requestId: context.requestId });
}
