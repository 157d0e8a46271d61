import { koGuides } from "~/copy/ko-guides";
import type { TocEntry } from "../markdown.server";

function TocLink({ entry }: { entry: TocEntry }) {
  return <a href={`#${encodeURIComponent(entry.id)}`}>{entry.text}</a>;
}

/** The h2 headings with the h3 ones under each (an h3 before any h2 counts as one). */
function sections(toc: TocEntry[]) {
  const grouped: { heading: TocEntry; subheadings: TocEntry[] }[] = [];
  for (const entry of toc) {
    const last = grouped.at(-1);
    if (entry.level === 3 && last) last.subheadings.push(entry);
    else grouped.push({ heading: entry, subheadings: [] });
  }
  return grouped;
}

/** The table of contents of a guide with three headings or more: links to their anchors. */
export function GuideToc({ toc }: { toc: TocEntry[] }) {
  if (toc.length === 0) return null;
  return (
    <nav className="guide-toc" aria-labelledby="guide-toc">
      <h2 id="guide-toc" className="guide-toc__title">
        {koGuides.toc}
      </h2>
      <ol className="guide-toc__list">
        {sections(toc).map(({ heading, subheadings }) => (
          <li key={heading.id}>
            <TocLink entry={heading} />
            {subheadings.length ? (
              <ol>
                {subheadings.map((entry) => (
                  <li key={entry.id}>
                    <TocLink entry={entry} />
                  </li>
                ))}
              </ol>
            ) : null}
          </li>
        ))}
      </ol>
    </nav>
  );
}
