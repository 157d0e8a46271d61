// Reading served HTML as a browser would: a happy-dom document for Testing Library queries.
import { Window } from "happy-dom";

let domWindow: Window | undefined;

/** A page's HTML as a DOM document, for Testing Library queries (`within(document.body)`); no script runs. */
export function parseHtml(html: string): Document {
  domWindow ??= new Window();
  return new domWindow.DOMParser().parseFromString(html, "text/html") as unknown as Document;
}
