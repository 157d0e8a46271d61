/**
 * A guide's text as the server rendered and checked it when it was saved (features/guides/markdown.server.ts:
 * raw HTML shown as text, an allow-list of elements, links and pictures), shown as it is.
 */
export function GuideBody({ html, id }: { html: string; id?: string }) {
  return <div id={id} className="guide-body" dangerouslySetInnerHTML={{ __html: html }} />;
}
