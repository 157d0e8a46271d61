import { db } from "~/db/client.server";
import { careerImages, products, reelCategories, reels } from "~/db/schema";
import { sweepUploads } from "~/lib/uploads.server";

/** Every upload some row names. */
function referencedUploads(): Set<string> {
  const names = [
    ...db().select({ name: products.image }).from(products).all(),
    ...db().select({ name: reelCategories.image }).from(reelCategories).all(),
    ...db().select({ name: reels.image }).from(reels).all(),
    ...db().select({ name: careerImages.image }).from(careerImages).all(),
  ].flatMap((row) => (row.name ? [row.name] : []));
  return new Set(names);
}

/** At start, before requests: files no row names (left by a crash mid-save) are removed. */
export function sweepOrphanUploads() {
  return sweepUploads(referencedUploads());
}
