// What `npm run backup` and `npm run restore` share: where things are (the same variables and
// defaults as the server), which uploads the database names, and whether a server holds the data.
import fs from "node:fs";
import path from "node:path";
import type { Database } from "better-sqlite3";
import { getTableName } from "drizzle-orm";
import { settingsWithUploads, tablesWithUploads } from "../app/db/schema";
import { readVariants } from "../app/lib/image-variants.server";
import { derivedFrom, sizeName, stemsOf, VARIANT_FORMATS, variantsListName } from "../app/lib/upload-names";

export const DATABASE_FILE = "app.db";
export const SECRET_FILE = "session-secret";
export const PID_FILE = "server.pid";
export const MANIFEST_FILE = "backup.json";
export const UPLOADS_FOLDER = "uploads";
/** The uploads folder's ownership marker (the database keeps the same id), as the server writes it. */
export const OWNER_MARKER = path.join(".site", "owner");

export function locations(env: NodeJS.ProcessEnv = process.env) {
  const keep = Number(env.BACKUP_KEEP ?? 7);
  if (!Number.isInteger(keep) || keep < 1) throw new Error(`BACKUP_KEEP must be a whole number of at least 1, not "${env.BACKUP_KEEP}"`);
  return {
    dataDir: path.resolve(env.DATA_DIR?.trim() || "./data"),
    uploadsDir: path.resolve(env.UPLOADS_DIR?.trim() || "./uploads"),
    backupDir: path.resolve(env.BACKUP_DIR?.trim() || "./backups"),
    keep,
  };
}

/** Every upload a row of this database names: an `image` of a table with uploads, or a setting's value (the profile picture). */
export function referencedUploads(sqlite: Database) {
  const fromTables = tablesWithUploads.map((table) => `SELECT image FROM ${getTableName(table)} WHERE image IS NOT NULL`);
  const fromSettings = `SELECT value AS image FROM settings WHERE key IN (${settingsWithUploads.map(() => "?").join(", ")})`;
  const rows = sqlite.prepare([...fromTables, fromSettings].join(" UNION ")).all(...settingsWithUploads) as { image: string }[];
  return new Set(rows.map((row) => row.image));
}

/**
 * Whether a file belongs with these uploads: one of them, or derived from one (a poster's share
 * image, a picture's sizes and their list, docs/architecture.md §5), which goes where its picture
 * goes. A picture without them (stored before they were made) is complete.
 */
export function belongsWith(referenced: Set<string>) {
  const stems = stemsOf(referenced);
  return (name: string) => referenced.has(name) || stems.has(derivedFrom(name) ?? "");
}

/**
 * The lists of sizes in `folder` (a backup's uploads) that name a size the folder lacks, with the
 * sizes they name: a list stands for all its sizes, so a list that lost one (its picture removed
 * while it was copied) must not be kept, and its picture is then shown as it is.
 */
export async function incompleteSizes(folder: string, originals: Iterable<string>) {
  const present = new Set(fs.readdirSync(folder));
  const incomplete: string[] = [];
  for (const original of originals) {
    const list = await readVariants(folder, original);
    if (!list) continue;
    const sizes = VARIANT_FORMATS.flatMap((format) => list.widths.map((width) => sizeName(original, width, list.width, format)));
    if (sizes.some((size) => !present.has(size))) incomplete.push(variantsListName(original), ...sizes.filter((size) => present.has(size)));
  }
  return incomplete;
}

/** The process id of a running server that has this DATA_DIR open, or null. */
export function runningServer(dataDir: string) {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, PID_FILE), "utf8").trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; it still holds the file.
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}

/** Copies the files of a folder (not its subfolders), keeping names; returns count and bytes. */
export async function copyFiles(from: string, to: string, include: (name: string) => boolean) {
  await fs.promises.mkdir(to, { recursive: true });
  let count = 0;
  let bytes = 0;
  for (const entry of await fs.promises.readdir(from, { withFileTypes: true }).catch(() => [])) {
    if (!entry.isFile() || !include(entry.name)) continue;
    const source = path.join(from, entry.name);
    try {
      await fs.promises.copyFile(source, path.join(to, entry.name));
    } catch (error) {
      // Removed since the folder was read (an image replaced meanwhile): the caller checks what it needs.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    count += 1;
    bytes += (await fs.promises.stat(path.join(to, entry.name))).size;
  }
  return { count, bytes };
}

/** Copies the uploads folder's ownership marker along with the uploads, so the pairing survives. */
export function copyOwnerMarker(fromUploads: string, toUploads: string) {
  const marker = path.join(fromUploads, OWNER_MARKER);
  if (!fs.existsSync(marker)) return;
  fs.mkdirSync(path.dirname(path.join(toUploads, OWNER_MARKER)), { recursive: true });
  fs.copyFileSync(marker, path.join(toUploads, OWNER_MARKER));
}
