const BASE = "http://site.invalid";

/**
 * Only same-site paths: never "//evil.example" or "https://evil.example". Characters a Location
 * header cannot carry (Hangul in "/릴스") come back percent-encoded.
 */
export function safeRedirect(to: unknown, fallback = "/") {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // Browsers drop tabs and newlines from URLs ("/\t/evil.example" becomes "//evil.example").
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  if (/^[\u0020-\u007e]*$/.test(to)) return to;
  const url = new URL(to, BASE);
  return url.origin === BASE ? `${url.pathname}${url.search}${url.hash}` : fallback;
}
