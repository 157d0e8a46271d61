// The matched words of a search result, for the page: marked pieces and a caption's excerpt.

export type Piece = { text: string; marked: boolean };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Any of the words, case ignored; the longest first, so a word inside another marks the longer one. */
function wordsPattern(words: string[]) {
  const alternatives = [...words].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return alternatives.length ? new RegExp(alternatives.join("|"), "giu") : null;
}

/** `text` in pieces, those matching a word marked. */
export function markWords(text: string, words: string[]): Piece[] {
  const pattern = wordsPattern(words);
  if (!pattern) return text ? [{ text, marked: false }] : [];
  const pieces: Piece[] = [];
  let from = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > from) pieces.push({ text: text.slice(from, match.index), marked: false });
    pieces.push({ text: match[0], marked: true });
    from = match.index + match[0].length;
  }
  if (from < text.length) pieces.push({ text: text.slice(from), marked: false });
  return pieces;
}

/**
 * At most `length` characters of a long text (a reel's caption), starting a little before the
 * first matched word so the match is in view; "…" where something was left out.
 */
export function excerpt(text: string, words: string[], { length = 120, before = 30 } = {}) {
  const characters = Array.from(text.replace(/\s+/gu, " ").trim());
  if (characters.length <= length) return characters.join("");
  const flat = characters.join("");
  const firstMatch = wordsPattern(words)?.exec(flat)?.index ?? 0;
  const matchAt = Array.from(flat.slice(0, firstMatch)).length;
  const start = Math.max(0, Math.min(matchAt - before, characters.length - length));
  const end = start + length;
  return `${start > 0 ? "…" : ""}${characters.slice(start, end).join("")}${end < characters.length ? "…" : ""}`;
}
