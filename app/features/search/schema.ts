import { controlsAsSpaces } from "~/lib/input-rules";
import * as z from "~/lib/zod";
import { SEARCH_MAX_CHARS, SEARCH_MAX_WORDS } from "./limits";

export type SearchQuery = {
  /** The search as it was used, for the field's value. */
  text: string;
  /** Distinct words (case ignored), each of which a result must contain. */
  words: string[];
  /** Whether the input was longer than SEARCH_MAX_CHARS or had more than SEARCH_MAX_WORDS words. */
  cut: boolean;
};

export function toSearchQuery(raw: string): SearchQuery {
  // Counted in code points, so an emoji is never cut in half.
  // Control characters become spaces: they separate words and never reach SQL.
  const characters = Array.from(controlsAsSpaces(raw.normalize("NFC")).trim());
  const distinct: string[] = [];
  const seen = new Set<string>();
  for (const word of characters.slice(0, SEARCH_MAX_CHARS).join("").split(/\s+/u)) {
    const key = word.toLowerCase();
    if (word === "" || seen.has(key)) continue;
    seen.add(key);
    distinct.push(word);
  }
  const words = distinct.slice(0, SEARCH_MAX_WORDS);
  return {
    text: words.join(" "),
    words,
    cut: characters.length > SEARCH_MAX_CHARS || distinct.length > SEARCH_MAX_WORDS,
  };
}

export const searchParamsSchema = z.object({
  q: z
    .string()
    .catch("")
    .meta({
      type: "string",
      description: `Words, each of which a result must contain; the first ${SEARCH_MAX_CHARS} characters and ${SEARCH_MAX_WORDS} words count.`,
    }),
});

/** `?q=` of /search and /api/search: any text is a search (a missing one is empty). */
export const searchQuerySchema = searchParamsSchema.transform(({ q }) => toSearchQuery(q));

/** The search a URL asks for (the first `q` when there are several). */
export function searchQueryOf(request: Request): SearchQuery {
  return searchQuerySchema.parse({ q: new URL(request.url).searchParams.get("q") ?? "" });
}
