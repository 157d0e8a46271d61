#!/usr/bin/env node
// `npm run backup`: a consistent copy of the database (SQLite's online backup, safe while the site
// serves and the admin writes) and of the uploads it names, in a dated folder under BACKUP_DIR;
// only the newest BACKUP_KEEP backups are kept.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { derivedNames } from "../app/lib/upload-names";
import {
  belongsWith,
  copyFiles,
  copyOwnerMarker,
  DATABASE_FILE,
  incompleteSizes,
  locations,
  MANIFEST_FILE,
  referencedUploads,
  SECRET_FILE,
  UPLOADS_FOLDER,
} from "./operations";

const ATTEMPTS = 3;
/** A backup folder's name: its UTC start time, so names sort oldest first. */
const BACKUP_NAME = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z(-\d+)?$/;

function stamp(date: Date) {
  return date.toISOString().replaceAll(":", "-").replace(".", "-");
}

/**
 * Uploads are copied before the database snapshot and topped up after it. Every file the snapshot
 * names was written before the snapshot, so it is in the first copy or still in the folder for the
 * top-up, unless it was both made and replaced in that short gap: then the backup is tried again.
 * Files the snapshot does not name (images replaced after the first copy), and what is derived from
 * them, are left out; a list of sizes that lost one of its sizes is left out with its sizes.
 */
async function writeBackup(dataDir: string, uploadsDir: string, folder: string) {
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  const uploadsCopy = path.join(folder, UPLOADS_FOLDER);
  await copyFiles(uploadsDir, uploadsCopy, (name) => !name.startsWith("."));
  copyOwnerMarker(uploadsDir, uploadsCopy);

  const source = new Database(path.join(dataDir, DATABASE_FILE), { fileMustExist: true });
  const copy = path.join(folder, DATABASE_FILE);
  try {
    await source.backup(copy);
  } finally {
    source.close();
  }
  fs.chmodSync(copy, 0o600);
  const snapshot = new Database(copy);
  let referenced: Set<string>;
  try {
    // One self-contained file: no write-ahead log beside it.
    snapshot.pragma("journal_mode = DELETE");
    referenced = referencedUploads(snapshot);
  } finally {
    snapshot.close();
  }

  const belongs = belongsWith(referenced);
  const firstCopy = new Set(fs.readdirSync(uploadsCopy));
  const late = new Set([...referenced].flatMap((name) => [name, ...derivedNames(name)]).filter((name) => !firstCopy.has(name)));
  await copyFiles(uploadsDir, uploadsCopy, (name) => late.has(name));
  for (const name of fs.readdirSync(uploadsCopy)) {
    if (!name.startsWith(".") && !belongs(name)) fs.rmSync(path.join(uploadsCopy, name));
  }
  for (const name of await incompleteSizes(uploadsCopy, referenced)) fs.rmSync(path.join(uploadsCopy, name));
  const present = new Set(fs.readdirSync(uploadsCopy));
  const missing = [...referenced].filter((name) => !present.has(name));
  const secret = path.join(dataDir, SECRET_FILE);
  if (fs.existsSync(secret)) fs.copyFileSync(secret, path.join(folder, SECRET_FILE));
  return { uploads: { count: referenced.size - missing.length }, missing, referenced: referenced.size };
}

function folderSize(folder: string) {
  return fs
    .readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0);
}

async function main() {
  const { dataDir, uploadsDir, backupDir, keep } = locations();
  const startedAt = new Date();
  fs.mkdirSync(backupDir, { recursive: true, mode: 0o700 });
  let name = stamp(startedAt);
  for (let n = 1; fs.existsSync(path.join(backupDir, name)); n++) name = `${stamp(startedAt)}-${n}`;
  const folder = path.join(backupDir, name);
  // Written under a temporary name: a folder with the final name is always complete.
  const partial = path.join(backupDir, `.${name}.partial`);

  const attempt = () => {
    fs.rmSync(partial, { recursive: true, force: true });
    return writeBackup(dataDir, uploadsDir, partial);
  };
  let result = await attempt();
  for (let attempts = 1; result.missing.length > 0; attempts++) {
    if (attempts === ATTEMPTS) {
      fs.rmSync(partial, { recursive: true, force: true });
      throw new Error(`uploads kept changing during the backup; missing: ${result.missing.join(", ")}`);
    }
    result = await attempt();
  }
  const durationMs = Date.now() - startedAt.getTime();
  const manifest = {
    createdAt: startedAt.toISOString(),
    database: DATABASE_FILE,
    uploads: result.uploads.count,
    referencedUploads: result.referenced,
    durationMs,
  };
  fs.writeFileSync(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(partial, folder);

  const backups = fs
    .readdirSync(backupDir)
    .filter((entry) => BACKUP_NAME.test(entry))
    .sort();
  const dropped = backups.slice(0, Math.max(0, backups.length - keep));
  for (const old of dropped) fs.rmSync(path.join(backupDir, old), { recursive: true, force: true });

  const megabytes = (folderSize(folder) / 1024 / 1024).toFixed(1);
  console.log(`Backup written to ${folder}: database and ${result.uploads.count} upload(s), ${megabytes} MB, ${durationMs} ms.`);
  if (dropped.length > 0) console.log(`Removed ${dropped.length} older backup(s); keeping the newest ${keep}.`);
}

main().catch((error) => {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
