import crypto from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { databaseFile, databaseFileState, db, takeDatabaseCreatedFlag } from "~/db/client.server";
import type { products} from "~/db/schema";
import { settings, settingsWithUploads, tablesWithUploads } from "~/db/schema";
import { config } from "~/lib/config.server";
import {
  OWNER_MARKER,
  QUARANTINE_DAYS,
  quarantineUploads,
  readUploadsOwner,
  uploadsFolderHoldsFiles,
  writeUploadsOwner,
} from "~/lib/uploads.server";

const OWNER_SETTING_KEY = "uploads.ownerId";

/** Every upload some row names. */
function referencedUploads(): Set<string> {
  const names = tablesWithUploads.flatMap((table) =>
    db()
      .select({ name: table.image })
      .from(table as typeof products)
      .all(),
  );
  const settingNames = db()
    .select({ name: settings.value })
    .from(settings)
    .where(inArray(settings.key, [...settingsWithUploads]))
    .all();
  return new Set([...names, ...settingNames].flatMap((row) => (row.name ? [row.name] : [])));
}

function databaseOwnerId(): string | null {
  return db().select({ value: settings.value }).from(settings).where(eq(settings.key, OWNER_SETTING_KEY)).get()?.value ?? null;
}

/**
 * Before the database is opened: a missing or empty database beside a folder of uploads is almost
 * always a mistake (a typo in DATA_DIR, a volume not mounted, a bad restore), so the start stops,
 * naming both paths, unless ALLOW_NEW_DATABASE=1.
 */
export function refuseNewDatabaseBesideUploads() {
  const { dataDir, uploadsDir, allowNewDatabase } = config();
  const state = databaseFileState();
  if (state === "present" || allowNewDatabase || !uploadsFolderHoldsFiles()) return;
  throw new Error(
    [
      `${state === "missing" ? "No database" : "An empty database"} at ${databaseFile()}, but the uploads folder ${uploadsDir} holds files.`,
      `Check DATA_DIR (${dataDir}) and UPLOADS_DIR: they must name the database and the uploads that belong together.`,
      "To start a new database beside these files anyway, set ALLOW_NEW_DATABASE=1.",
    ].join("\n"),
  );
}

/**
 * Whether this database owns this uploads folder: the same id in both, and the database was not
 * made by this start. A folder with no marker is claimed (and so swept from the next start on),
 * unless a database made just now (ALLOW_NEW_DATABASE=1) meets files nobody claimed: those belong
 * to some other database, and the folder is marked so. Asked before the demo seed adds files.
 */
export function ownsUploadsFolder(log: (line: string) => void = console.log): boolean {
  const createdNow = takeDatabaseCreatedFlag();
  let dbOwner = databaseOwnerId();
  if (!dbOwner) {
    dbOwner = crypto.randomUUID();
    db().insert(settings).values({ key: OWNER_SETTING_KEY, value: dbOwner }).run();
  }
  const folderOwner = readUploadsOwner();
  if (!folderOwner) {
    writeUploadsOwner(createdNow && uploadsFolderHoldsFiles() ? crypto.randomUUID() : dbOwner);
    return false;
  }
  // A database made by this start has a new id: it never matches a marker found here.
  if (dbOwner === folderOwner) return true;
  log(
    `Uploads not swept: ${config().uploadsDir} belongs to another database (its ${OWNER_MARKER} does not match this one). ` +
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
