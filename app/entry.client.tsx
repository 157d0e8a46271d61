import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { REQUEST_ID_ATTRIBUTE, RequestIdProvider } from "~/lib/request-id";

// The id an error page the server rendered shows, so the page hydrates with the same text.
const renderedRequest = {
  requestId: document.querySelector(`[${REQUEST_ID_ATTRIBUTE}]`)?.getAttribute(REQUEST_ID_ATTRIBUTE) ?? undefined,
  address: `${window.location.pathname}${window.location.search}`,
};

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RequestIdProvider value={renderedRequest}>
        <RemixBrowser />
      </RequestIdProvider>
    </StrictMode>,
  );
});
