import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { REQUEST_ID_ATTRIBUTE, RequestIdProvider } from "~/lib/request-id";

// The id an error page the server rendered shows, so the page hydrates with the same text.
const requestId = document.querySelector(`[${REQUEST_ID_ATTRIBUTE}]`)?.getAttribute(REQUEST_ID_ATTRIBUTE) ?? undefined;

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RequestIdProvider value={requestId}>
        <RemixBrowser />
      </RequestIdProvider>
    </StrictMode>,
  );
});
