/** Only same-site paths: never "//evil.example" or "https://evil.example". */
export function safeRedirect(to: unknown, fallback = "/") {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}
