// Hashtag rules: a category's "#tag #tag" and the tags of a caption, compared as the same words
// (Unicode-normalised, case-folded), so "#배변훈련" in a rule matches "#배변훈련" in any caption.

const CAPTION_TAG = /#([\p{L}\p{M}\p{N}_]+)/gu;
const RULE_TAG = /^#?([\p{L}\p{M}\p{N}_]+)$/u;

function fold(tag: string) {
  return tag.normalize("NFC").toLowerCase();
}

/** The rule as stored ("#a #b", each once, in the order typed); null when a word is not a hashtag. */
export function normaliseHashtags(input: string): string | null {
  const tags: string[] = [];
  for (const word of input.split(/[\s,]+/).filter(Boolean)) {
    const match = RULE_TAG.exec(word);
    if (!match) return null;
    const tag = fold(match[1]!);
    if (!tags.includes(tag)) tags.push(tag);
  }
  return tags.map((tag) => `#${tag}`).join(" ");
}

/** The tags of a stored rule or of a caption, without their "#". */
export function hashtagsOf(text: string): Set<string> {
  return new Set(Array.from(text.matchAll(CAPTION_TAG), (match) => fold(match[1]!)));
}
