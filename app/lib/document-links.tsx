import type { HtmlLinkDescriptor } from "@remix-run/node";
import { UNSAFE_RemixContext, useMatches } from "@remix-run/react";
import { createContext, useContext } from "react";

/**
 * The text of a built stylesheet by its address, given by entry.server.tsx only (the browser has no
 * provider): a page's first paint then needs no stylesheet request (docs/performance.md, "Styles in
 * the document").
 */
const StylesheetTextContext = createContext<(href: string) => string | undefined>(() => undefined);

export const StylesheetTextProvider = StylesheetTextContext.Provider;

/** A `<style>` the server filled, found in the document by the address it stands for. */
const INLINE_STYLESHEET_ATTRIBUTE = "data-href";

/**
 * Remix's `<Links>` (for what this site links: files, no `{ page }` descriptors), except that each
 * stylesheet of the page as served is a `<style>` holding the file's text. The browser renders the
 * same `<style>` while that element is in the document (during hydration, and while its route stays
 * shown; React keeps the server's text, as it does for any `dangerouslySetInnerHTML`), and a
 * `<link>` for the stylesheets of routes reached later, which Remix loads before it shows them.
 */
export function DocumentLinks() {
  const remix = useContext(UNSAFE_RemixContext);
  const stylesheetText = useContext(StylesheetTextContext);
  const matches = useMatches();
  const links = matches.flatMap(({ id }) => (remix?.routeModules[id]?.links?.() ?? []) as HtmlLinkDescriptor[]);
  const unique = links.filter((link, index) => links.findIndex((other) => other.href === link.href) === index);
  return (
    <>
      {unique.map((link) => {
        if (link.rel !== "stylesheet" || !link.href) return <link key={link.href} {...link} />;
        const text = stylesheetText(link.href);
        return text !== undefined || servedInline(link.href) ? (
          <style
            key={link.href}
            {...{ [INLINE_STYLESHEET_ATTRIBUTE]: link.href }}
            dangerouslySetInnerHTML={{ __html: text ?? "" }}
            suppressHydrationWarning
          />
        ) : (
          <link key={link.href} {...link} />
        );
      })}
    </>
  );
}

/** In the browser: whether the server's `<style>` for this stylesheet is still in the document. */
function servedInline(href: string) {
  return typeof document !== "undefined" && document.head.querySelector(`style[${INLINE_STYLESHEET_ATTRIBUTE}="${href}"]`) !== null;
}
