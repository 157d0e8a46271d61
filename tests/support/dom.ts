// Reading served HTML as a browser would: a happy-dom document for Testing Library queries.
import { Window } from "happy-dom";

let domWindow: Window | undefined;

/** A page's HTML as a DOM document, for Testing Library queries (`within(document.body)`); no script runs. */
export function parseHtml(html: string): Document {
  domWindow ??= new Window();
  return new domWindow.DOMParser().parseFromString(html, "text/html") as unknown as Document;
}

/**
 * The inline scripts of a page the browser runs, those in the deferred template included
 * (app/components/DeferredScripts.tsx: the browser runs them once the page has painted): not one
 * with a `src`, nor a data block such as JSON-LD.
 */
export function inlineScriptsRun(document: Document): HTMLScriptElement[] {
  const deferred = document.querySelector("template")?.content.querySelectorAll("script") ?? [];
  return [...document.querySelectorAll("script"), ...deferred].filter(
    (script) => !script.hasAttribute("src") && script.getAttribute("type") !== "application/ld+json",
  );
}
