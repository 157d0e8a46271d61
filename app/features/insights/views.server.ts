import { isVisibleReel } from "~/features/reels/reels.server";
import { countUse, isVisitorUse, type Visit } from "./counts.server";

/**
 * The reel page's view beacon (decision 0007; answered by server/view-beacon.mjs before Express):
 * counts a visitor's view of a reel they can open; false when there is no such reel.
 */
export async function countReelView(id: number, visit: Visit): Promise<boolean> {
  if (!isVisibleReel(id)) return false;
  if (await isVisitorUse(visit)) countUse("reel", id);
  return true;
}
