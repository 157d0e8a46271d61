import { Scripts } from "@remix-run/react";

export const DEFERRED_SCRIPTS_ID = "deferred-scripts";

// Runs while the page is read; once it has loaded (pictures included) and painted, it puts the
// template's scripts in the page, where they run as if the parser had met them.
const START_AFTER_LOAD = `addEventListener("load",function(){requestAnimationFrame(function(){setTimeout(function(){var t=document.getElementById("${DEFERRED_SCRIPTS_ID}");if(t){document.body.appendChild(document.importNode(t.content,true));t.remove()}})})})`;

/**
 * Remix's scripts, started after the page has loaded and painted instead of beside its stylesheets:
 * a phone on a slow network paints the page first (every page works without JavaScript; until the
 * scripts arrive, links and forms are the plain ones). On a phone in Lighthouse's lab the first paint
 * goes from about 2.0 s to 0.9 s (docs/performance.md, "Lighthouse on a phone").
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
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: START_AFTER_LOAD }} />
      <template id={DEFERRED_SCRIPTS_ID}>
        <Scripts nonce={nonce} />
      </template>
    </>
  );
}
