// Reading served HTML as a browser would: a happy-dom document for Testing Library queries.
import { Window } from "happy-dom";

let domWindow: Window | undefined;

/**
 * A page's HTML as a DOM document, for Testing Library queries (`within(document.body)`); no script
 * runs, and its `<style>` elements are left out.
 */
export function parseHtml(html: string): Document {
  domWindow ??= new Window();
  const document = new domWindow.DOMParser().parseFromString(html, "text/html");
  // Without the pages' own styles, which are inside each page (docs/performance.md, "Styles in the
  // document"): happy-dom 21 matches `:empty` on elements that hold text, so `.form-error:empty`
  // would hide every form error from role queries. What CSS hides is checked in Chromium (e2e).
  for (const style of document.querySelectorAll("style")) style.remove();
  return document as unknown as Document;
}
