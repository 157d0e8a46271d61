import { isReadableGuide } from "~/features/guides/visibility.server";
import { isVisibleReel } from "~/features/reels/reel-lists.server";
import { countVisit, type Visit } from "./counts.server";

/**
 * The reel page's view beacon (decision 0007; answered by server/view-beacon.mjs before Express):
 * counts a visitor's view of a reel they can open; false when there is no such reel.
 */
export async function countReelView(id: number, visit: Visit): Promise<boolean> {
  if (!isVisibleReel(id)) return false;
  await countVisit(visit, "reel", id);
  return true;
}

/** A guide page's view beacon, likewise: counts a visitor's read of a guide they can open now. */
export async function countGuideView(id: number, visit: Visit): Promise<boolean> {
  if (!isReadableGuide(id)) return false;
  await countVisit(visit, "guide", id);
  return true;
}
