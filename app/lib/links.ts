import { koAdmin } from "~/copy/ko-admin";
import * as z from "./zod";

// Links the owner types or pastes (product buttons, partner banners, the chatbot script) are kept
// exactly as a browser will follow them: the parsed URL's href, never the raw text. The URL parser
// quietly drops tabs and line breaks that a header (the /out/ redirect's Location) or a browser
// will not, so text holding any such character is refused rather than "repaired".

/** Whitespace, controls, format characters (zero-width and the like) and other separators. */
const SPACE_OR_CONTROL = /[\s\p{Cc}\p{Cf}\p{Z}]/u;

type LinkProblem = "notHttp" | keyof typeof koAdmin.links;

/** The URL a browser follows for `text`, or why `text` is not a link a browser can follow as written. */
function parseLink(text: string): { url: URL } | { problem: LinkProblem } {
  if (SPACE_OR_CONTROL.test(text)) return { problem: "spaceOrControl" };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { problem: "notHttp" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { problem: "notHttp" };
  if (url.username !== "" || url.password !== "") return { problem: "credentials" };
  return { url };
}

/**
 * A host name with a dot in it, an optional port, then the end or a path, query or fragment:
 * "www.naver.com", "smartstore.naver.com/myshop?tab=1". Never a scheme ("https:", "javascript:"
 * have no dot before their colon) nor a relative path.
 */
const SCHEMELESS_ADDRESS = /^(?:[\p{L}\p{N}-]+\.)+[\p{L}\p{N}-]+(?::\d{1,5})?(?:[/?#]|$)/u;

/**
 * DESIGN §10 "Links": an address typed without its scheme, as people copy one from an address bar or
 * a business card ("www.naver.com"), is read as https; any other text is left as typed. Every link
 * field (`linkField`) reads its text through it; a form of its own can too.
 */
export function withDefaultScheme(text: string): string {
  return SCHEMELESS_ADDRESS.test(text) ? `https://${text}` : text;
}

/** An http(s) URL a browser can follow exactly as `text` reads, or null. */
export function followableUrl(text: string): URL | null {
  const parsed = parseLink(text);
  return "url" in parsed ? parsed.url : null;
}

/**
 * A link field: an address without its scheme is read as https (`withDefaultScheme`); refused with
 * the reason (in Korean) when a browser could not follow it as written, or when `isAllowed` refuses
 * it (`notAllowed` names what is accepted); kept as the parsed href.
 */
export function linkField(max: number, notAllowed: string, isAllowed: (url: URL) => boolean = () => true) {
  return z
    .string()
    .trim()
    .max(max, notAllowed)
    .transform((text, ctx) => {
      const parsed = parseLink(withDefaultScheme(text));
      if ("url" in parsed && isAllowed(parsed.url)) return parsed.url.href;
      const message = "problem" in parsed && parsed.problem !== "notHttp" ? koAdmin.links[parsed.problem] : notAllowed;
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    });
}
