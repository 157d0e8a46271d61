import { asc, eq, inArray } from "drizzle-orm";
import { koAdmin } from "~/copy/ko-admin";
import { koServer } from "~/copy/ko-server.server";
import { db } from "~/db/client.server";
import { careerImages } from "~/db/schema";
import { contentChanged } from "~/lib/content-version.server";
import { AppError } from "~/lib/errors";
import { writeWithNewImages, type ImageKind, type StoredImage } from "~/lib/images.server";
import { assertAdmin, type Admin } from "~/lib/session.server";
import { uploadUrl } from "~/lib/uploads.server";
import { CAREER_MAX_IMAGES, careerPlan, type CareerInput, type CareerPlan } from "./schema";

/** Certificates are photographed (JPEG) as often as they are saved as screenshots (PNG). */
const CAREER_IMAGE_KINDS: readonly ImageKind[] = ["png", "jpeg", "webp"];

export type CareerImage = { index: number; src: string; caption: string; width: number | null; height: number | null };

/** docs/product.md §3 career background: the pictures in her order, each with its caption (and sizes, so nothing jumps). */
export function getCareerImages(): CareerImage[] {
  return db()
    .select()
    .from(careerImages)
    .orderBy(asc(careerImages.position), asc(careerImages.id))
    .all()
    .map((row) => ({ index: row.id, src: uploadUrl(row.image) ?? "", caption: row.caption, width: row.width, height: row.height }));
}

/** docs/product.md §7: `careerBackground` as the API answers it (`images` as ever, `items` with each one's index and caption). */
export function careerForApi(images: CareerImage[]) {
  return {
    images: images.map((image) => image.src),
    items: images.map(({ index, src, caption }) => ({ index, image: src, caption })),
  };
}

type Row = { id: number; image: string };
/** A row of the new set: a kept one (`id`; a null caption keeps its own) or a new one. */
type NextRow = { id?: number; image: string; caption: string | null; width: number | null; height: number | null };

/** The set after a plan: the rows to keep or add, in order, and the rows to delete. Refused when it names a picture no longer there. */
function nextSet(plan: CareerPlan, current: Row[], stored: StoredImage[]): { rows: NextRow[]; removed: Row[] } {
  const fresh = stored.map((image) => ({ image: image.name, width: image.width, height: image.height }));
  if (plan.kind === "replace") {
    return { rows: fresh.map((image, at) => ({ ...image, caption: plan.captions[at] ?? "" })), removed: current };
  }
  const byId = new Map(current.map((row) => [row.id, row]));
  const removing = new Set(plan.remove);
  const named = new Set<number>();
  const rows: NextRow[] = [];
  let nextFile = 0;
  for (const entry of plan.entries) {
    if (entry.ref === "new") {
      rows.push({ ...fresh[nextFile++]!, caption: entry.caption ?? "" });
      continue;
    }
    const row = byId.get(entry.ref);
    if (!row) throw new AppError(409, "CAREER_CHANGED", koServer.career.stale);
    named.add(row.id);
    if (!removing.has(row.id)) rows.push({ id: row.id, image: row.image, caption: entry.caption, width: null, height: null });
  }
  // Files beyond the entries (the page's "사진 추가" without JavaScript) go at the end, then the pictures not named.
  for (const image of fresh.slice(nextFile)) rows.push({ ...image, caption: "" });
  for (const row of current) {
    if (!named.has(row.id) && !removing.has(row.id)) rows.push({ id: row.id, image: row.image, caption: null, width: null, height: null });
  }
  if (rows.length > CAREER_MAX_IMAGES) throw new AppError(400, "TOO_MANY_IMAGES", koAdmin.career.tooManyInAll(CAREER_MAX_IMAGES));
  return { rows, removed: current.filter((row) => removing.has(row.id)) };
}

/**
 * Saves the career pictures as planned (schema.ts: replace the set, or add, remove, reorder and
 * caption one by one). Every new file is stored (PNG, JPEG or WebP by content) before anything
 * changes; if one is refused, or the plan is, the new files are removed again and nothing changes.
 * A removed picture's file and its sizes go only after the new set is committed.
 */
export async function saveCareerImages(admin: Admin | null, input: CareerInput): Promise<CareerImage[]> {
  assertAdmin(admin);
  const plan = careerPlan(input);
  await writeWithNewImages(input.imageFile, { allow: CAREER_IMAGE_KINDS }, (stored) => {
    const removed = db().transaction((tx) => {
      const current = tx
        .select({ id: careerImages.id, image: careerImages.image })
        .from(careerImages)
        .orderBy(asc(careerImages.position), asc(careerImages.id))
        .all();
      const next = nextSet(plan, current, stored);
      if (next.removed.length) {
        tx.delete(careerImages)
          .where(
            inArray(
              careerImages.id,
              next.removed.map((row) => row.id),
            ),
          )
          .run();
      }
      next.rows.forEach((row, position) => {
        if (row.id === undefined) {
          const { image, caption, width, height } = row;
          tx.insert(careerImages)
            .values({ image, position, caption: caption ?? "", width, height })
            .run();
        } else {
          tx.update(careerImages)
            .set(row.caption === null ? { position } : { position, caption: row.caption })
            .where(eq(careerImages.id, row.id))
            .run();
        }
      });
      return next.removed.map((row) => row.image);
    });
    contentChanged();
    return { result: undefined, replaced: removed };
  });
  return getCareerImages();
}
