import { koGuides } from "~/copy/ko-guides";
import type { TocEntry } from "../markdown.server";

/** The table of contents of a guide with three headings or more: links to their anchors. */
export function GuideToc({ toc }: { toc: TocEntry[] }) {
  if (toc.length === 0) return null;
  return (
    <nav className="guide-toc" aria-labelledby="guide-toc">
      <h2 id="guide-toc" className="guide-toc__title">
        {koGuides.toc}
      </h2>
      <ol className="guide-toc__list">
        {toc.map((entry) => (
          <li key={entry.id} className={entry.level === 3 ? "guide-toc__sub" : undefined}>
            <a href={`#${encodeURIComponent(entry.id)}`}>{entry.text}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * A guide's text as the server rendered and checked it when it was saved (features/guides/markdown.server.ts:
 * raw HTML shown as text, an allow-list of elements, links and pictures), shown as it is.
 */
export function GuideBody({ html, id }: { html: string; id?: string }) {
  return <div id={id} className="guide-body" dangerouslySetInnerHTML={{ __html: html }} />;
}
