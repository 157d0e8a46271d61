import { isbot } from "isbot";
// Relative: the server (server/page-visits.ts) bundles this module too, without the app's "~/" alias.
import { boundedMemo } from "../../lib/bounded-memo";

// Who is a person: the rule the counts use (counts.server.ts), and that the server's edge asks first,
// so that a request no count would take (a tool, a crawler) costs a stored page nothing more.

/** isbot's test is one large regular expression: 1,000 User-Agents of at most 512 characters remembered (phones repeat a few hundred). */
const isCrawler = boundedMemo(isbot, { maxKeys: 1000, maxKeyLength: 512 });

/**
 * A browser's User-Agent: every browser (in-app ones of KakaoTalk and Instagram too) still begins
 * with "Mozilla/"; an empty one, a tool's (curl, python-requests...) or a crawler's is not a person.
 */
export function isBrowser(userAgent: string) {
  return userAgent.startsWith("Mozilla/") && !isCrawler(userAgent);
}
