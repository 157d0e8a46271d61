import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { db, takeDatabaseCreatedFlag } from "~/db/client.server";
import { careerImages, products, reelCategories, reels, settings } from "~/db/schema";
import { config } from "~/lib/config.server";
import {
  OWNER_MARKER,
  QUARANTINE_DAYS,
  quarantineUploads,
  readUploadsOwner,
  uploadsFolderHasUploads,
  writeUploadsOwner,
} from "~/lib/uploads.server";

const OWNER_SETTING_KEY = "uploads.ownerId";

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

function databaseOwnerId(): string | null {
  return db().select({ value: settings.value }).from(settings).where(eq(settings.key, OWNER_SETTING_KEY)).get()?.value ?? null;
}

/**
 * Whether this database owns this uploads folder: the same id in both. A folder with no marker is
 * claimed when that cannot take anyone's files: it holds no uploads yet, or the database was not
 * made by this start (an install from before the markers). The first start of a pairing never
 * sweeps, nor does any start on a database it created. Asked before the demo seed adds files.
 */
export function ownsUploadsFolder(log: (line: string) => void = console.log): boolean {
  let dbOwner = databaseOwnerId();
  const folderOwner = readUploadsOwner();
  const createdNow = takeDatabaseCreatedFlag();
  if (!folderOwner && (!uploadsFolderHasUploads() || !createdNow)) {
    if (!dbOwner) {
      dbOwner = crypto.randomUUID();
      db().insert(settings).values({ key: OWNER_SETTING_KEY, value: dbOwner }).run();
    }
    writeUploadsOwner(dbOwner);
    return false;
  }
  if (createdNow) return false;
  if (dbOwner && dbOwner === folderOwner) return true;
  const { uploadsDir } = config();
  log(
    `Uploads not swept: ${uploadsDir} belongs to another database (its ${OWNER_MARKER} does not match this one). ` +
      `If this database really owns those files, delete ${OWNER_MARKER} there and restart twice.`,
  );
  return false;
}

/**
 * At start, before requests, once `ownsUploadsFolder` said yes: files no row names (left by a
 * crash mid-save) are moved to a dated quarantine folder.
 */
export async function sweepOrphanUploads(log: (line: string) => void = console.log) {
  const { moved, folder } = await quarantineUploads(referencedUploads());
  if (moved.length === 0) return;
  log(
    `Moved ${moved.length} upload(s) no record refers to into ${folder} (kept ${QUARANTINE_DAYS} days): ${moved.join(", ")}`,
  );
}
