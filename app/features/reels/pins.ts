/** Reels pinned to the top of one category at once (issue 33, point 6): the use case refuses a fourth, the edit mode says so. */
export const MAX_PINNED = 3;
