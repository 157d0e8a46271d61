// Apart from the source rules (visit-sources.ts) so the page's navigation beacon ships only this.

/** The host of a Referer (or of `document.referrer`), lower case; null when there is none to read. */
export function referrerHost(referrer: string | null | undefined): string | null {
  if (!referrer) return null;
  try {
    return new URL(referrer).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}
