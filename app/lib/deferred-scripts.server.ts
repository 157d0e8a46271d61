// The server's half of app/components/DeferredScripts.tsx, kept out of the browser's bundle (the
// client renders nothing there): the template's id and the inline script that starts it.

export const DEFERRED_SCRIPTS_ID = "deferred-scripts";

/** A 1×1 GIF: loading one holds the page's load event for a moment without a request (CSP allows data: images). */
const HOLD_IMAGE = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

/** How long the scripts wait at most for the pictures in view: a stalled picture must not keep them out. */
const PICTURES_WAIT_MS = 3000;

/** How long they wait at most for the first paint to be reported: a browser that never reports it must not keep them out. */
const PAINT_WAIT_MS = 10_000;

// Runs while the page is read. It waits for the first contentful paint as the browser reports it
// (Paint Timing); a browser without it waits for the first animation frame, which comes once the
// stylesheets are in and the page is about to paint, and the timeout after it. (A frame is produced
// before it is shown: scripts started at the frame were often fetched before the paint was, and
// Lighthouse then counted their download in the page's first paint, 1.4 s instead of 0.9 in three of
// fourteen runs.) The scripts then wait for
// the pictures in view (those not loading lazily), which are what the page's largest paint is made
// of, so the phone's connection fetches them first; then the template's scripts go in the page,
// where they run as if the parser had met them. Until the pictures are counted, one tiny image after
// another holds the load event (a page without pictures would otherwise fire it before its first
// frame); from then on the pictures in view hold it themselves, and the scripts, put in the page in
// the last picture's own load event, hold it in turn. So `load` still means what it meant with the
// scripts in place: they have run and React has started hydrating (tools and tests that wait for
// `load` and then tap meet the live page). The chain stops there: kept going while the pictures
// came, it decoded one image after another on the phone's main thread (hundreds on a category list).
// A hidden page (a link opened in a background tab) gets no animation frames until it is shown:
// there is no paint to wait for, so its scripts start at once instead of the images spinning.
export const START_AFTER_PAINT = [
  "(function(){var started=false,counted=false;",
  `function start(){if(started)return;var t=document.getElementById("${DEFERRED_SCRIPTS_ID}");if(!t)return;started=true;document.body.appendChild(document.importNode(t.content,true));t.remove()}`,
  `function hold(){if(started||counted)return;if(document.hidden)return setTimeout(start);var i=new Image();i.onload=i.onerror=hold;i.src="${HOLD_IMAGE}"}`,
  'function afterPictures(){var left=0;counted=true;[].forEach.call(document.images,function(i){if(i.complete||i.loading==="lazy")return;left++;',
  'function done(){if(--left===0)start()}i.addEventListener("load",done);i.addEventListener("error",done)});',
  `if(left===0)start();else setTimeout(start,${PICTURES_WAIT_MS})}`,
  "var painted=false;function afterPaint(){if(painted)return;painted=true;setTimeout(afterPictures)}hold();",
  'var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){',
  'new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();afterPaint()}}).observe({type:"paint",buffered:true});',
  `setTimeout(afterPaint,${PAINT_WAIT_MS})}else requestAnimationFrame(afterPaint)})()`,
].join("");
