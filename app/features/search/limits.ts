// Apart from schema.ts so the page can name the bounds without sending zod to the browser.

/** What a search reads of its input: the rest is cut, and the page says so. */
export const SEARCH_MAX_CHARS = 100;
export const SEARCH_MAX_WORDS = 5;
/** Results shown per group (reels, products, categories), newest first. */
export const SEARCH_GROUP_LIMIT = 20;
