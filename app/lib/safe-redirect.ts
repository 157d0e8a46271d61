/** Only same-site paths: never "//evil.example" or "https://evil.example". */
export function safeRedirect(to: unknown, fallback = "/") {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // Browsers drop tabs and newlines from URLs ("/\t/evil.example" becomes "//evil.example").
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  return to;
}
