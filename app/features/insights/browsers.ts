import { isbot } from "isbot";

// Who is a person: the rule the counts use (counts.server.ts), and that the server's edge asks first,
// so that a request no count would take (a tool, a crawler) costs a stored page nothing more.

/** User-Agents whose answer is remembered, each at most 512 characters (about 0.5 MB): phones repeat a few hundred. */
const REMEMBERED = 1000;
const REMEMBERED_LENGTH = 512;
const known = new Map<string, boolean>();

/**
 * A browser's User-Agent: every browser (in-app ones of KakaoTalk and Instagram too) still begins
 * with "Mozilla/"; an empty one, a tool's (curl, python-requests...) or a crawler's is not a person.
 * isbot's test is one large regular expression: its answer is remembered per User-Agent.
 */
export function isBrowser(userAgent: string) {
  if (!userAgent.startsWith("Mozilla/")) return false;
  let browser = known.get(userAgent);
  if (browser === undefined) {
    browser = !isbot(userAgent);
    if (userAgent.length <= REMEMBERED_LENGTH) {
      if (known.size >= REMEMBERED) known.clear();
      known.set(userAgent, browser);
    }
  }
  return browser;
}
