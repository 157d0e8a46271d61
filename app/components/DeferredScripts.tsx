import { Scripts } from "@remix-run/react";
import { DEFERRED_SCRIPTS_ID, START_AFTER_PAINT } from "~/lib/deferred-scripts.server";

/**
 * Remix's scripts, started once the page has painted instead of beside its stylesheets: a phone on a
 * slow network paints the page first, then fetches the 14–21 script files (every page works without
 * JavaScript; until the scripts arrive, links and forms are the plain ones). In Lighthouse's phone
 * lab the first paint goes from about 2.0 s to 0.9 s (docs/performance.md, "Lighthouse on a phone").
 *
 * Server only, as the last children of <body>: the scripts are inside a <template>, whose contents
 * the browser neither fetches nor runs, and the single-fetch data scripts Remix writes after the
 * document join them there (app/lib/document-end.server.ts). The client renders nothing here: React
 * leaves nodes after the last child it rendered in <body> alone when it hydrates, as it always did
 * with those data scripts, and Remix's <Scripts> renders nothing once hydrated.
 */
export function DeferredScripts({ nonce }: { nonce: string }) {
  if (typeof document !== "undefined") return null;
  return (
    <>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: START_AFTER_PAINT }} />
      <template id={DEFERRED_SCRIPTS_ID}>
        <Scripts nonce={nonce} />
      </template>
    </>
  );
}
