// sanitize-html, loaded the first time something is sanitized (a privacy page rendered, a guide or a
// partner's code saved) instead of at every start: with the postcss it brings, it was about 60 ms of
// a start's CPU (docs/performance.md, "Start-up").
import { createRequire } from "node:module";
import type Sanitize from "sanitize-html";

export type SanitizeOptions = Sanitize.IOptions;

const require = createRequire(import.meta.url);
let sanitize: typeof Sanitize | undefined;

export function sanitizeHtml(html: string, options: SanitizeOptions): string {
  sanitize ??= require("sanitize-html") as typeof Sanitize;
  return sanitize(html, options);
}
