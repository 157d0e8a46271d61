import { asc } from "drizzle-orm";
import { db } from "~/db/client.server";
import { careerImages } from "~/db/schema";
import { contentChanged } from "~/lib/content-version.server";
import { writeWithNewImages, type ImageKind } from "~/lib/images.server";
import { assertAdmin, type Admin } from "~/lib/session.server";
import { uploadUrl } from "~/lib/uploads.server";
import type { CareerInput } from "./schema";

/** Certificates are photographed (JPEG) as often as they are saved as screenshots (PNG). */
const CAREER_IMAGE_KINDS: readonly ImageKind[] = ["png", "jpeg", "webp"];

export type CareerImage = { src: string; width: number | null; height: number | null };

/** docs/product.md §3 career background: the image URLs in their order (with sizes, so nothing jumps). */
export function getCareerImages(): CareerImage[] {
  return db()
    .select()
    .from(careerImages)
    .orderBy(asc(careerImages.position), asc(careerImages.id))
    .all()
    .map((row) => ({ src: uploadUrl(row.image) ?? "", width: row.width, height: row.height }));
}

/**
 * Replaces the whole set, in the chosen order. Every new file is stored (PNG, JPEG or WebP by content) before
 * anything changes; if one is refused the others are removed and the old set stays. The old files
 * go only after the new set is committed.
 */
export async function replaceCareerImages(admin: Admin | null, input: CareerInput): Promise<CareerImage[]> {
  assertAdmin(admin);
  await writeWithNewImages(input.imageFile, { allow: CAREER_IMAGE_KINDS }, (stored) => {
    const previous = db().transaction((tx) => {
      const old = tx.select({ image: careerImages.image }).from(careerImages).all();
      tx.delete(careerImages).run();
      tx.insert(careerImages)
        .values(stored.map((image, position) => ({ image: image.name, position, width: image.width, height: image.height })))
        .run();
      return old.map((row) => row.image);
    });
    contentChanged();
    return { result: undefined, replaced: previous };
  });
  return getCareerImages();
}
