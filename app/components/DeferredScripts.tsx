import { Scripts } from "@remix-run/react";

export const DEFERRED_SCRIPTS_ID = "deferred-scripts";

/** A 1×1 GIF: loading one holds the page's load event for a moment without a request (CSP allows data: images). */
const HOLD_IMAGE = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

// Runs while the page is read. The first animation frame comes once the stylesheets are in and the
// page is about to paint; the timeout after it runs once it has painted. Then the template's scripts
// go in the page, where they run as if the parser had met them. Until then, one tiny image after
// another holds the load event (a page without pictures would otherwise fire it before its first
// frame), so `load` still means what it meant with the scripts in place: they have run and React
// has started hydrating (tools and tests that wait for `load` and then tap meet the live page).
const START_AFTER_PAINT = `(function(){var started=false;(function hold(){var i=new Image();i.onload=i.onerror=function(){if(!started)hold()};i.src="${HOLD_IMAGE}"})();requestAnimationFrame(function(){setTimeout(function(){started=true;var t=document.getElementById("${DEFERRED_SCRIPTS_ID}");if(t){document.body.appendChild(document.importNode(t.content,true));t.remove()}})})})()`;

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
