#!/usr/bin/env node
// `npm run restore -- <backup folder> [--force]`: puts a backup made by `npm run backup` back into
// DATA_DIR and UPLOADS_DIR. Refuses while a server has DATA_DIR open (stop it first) unless --force.
// The database it replaces is kept beside it as app.db.replaced-<time>.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import {
  copyFiles,
  copyOwnerMarker,
  DATABASE_FILE,
  locations,
  MANIFEST_FILE,
  runningServer,
  SECRET_FILE,
  UPLOADS_FOLDER,
} from "./operations";

function fail(message: string): never {
  console.error(`Restore refused: ${message}`);
  process.exit(1);
}

function checkBackup(folder: string) {
  if (!fs.existsSync(path.join(folder, MANIFEST_FILE)) || !fs.existsSync(path.join(folder, DATABASE_FILE))) {
    fail(`${folder} is not a backup made by "npm run backup" (no ${MANIFEST_FILE} or ${DATABASE_FILE}).`);
  }
  const sqlite = new Database(path.join(folder, DATABASE_FILE), { readonly: true });
  try {
    const check = sqlite.pragma("integrity_check", { simple: true });
    if (check !== "ok") fail(`the database in ${folder} is damaged (${check}).`);
  } finally {
    sqlite.close();
  }
}

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const [given] = args.filter((arg) => arg !== "--force");
  const { dataDir, uploadsDir, backupDir } = locations();
  if (!given) fail("name the backup folder: npm run restore -- <backup> [--force]");
  const folder = fs.existsSync(path.resolve(given)) ? path.resolve(given) : path.join(backupDir, given);
  checkBackup(folder);
  const pid = runningServer(dataDir);
  if (pid !== null && !force) {
    fail(`a server (process ${pid}) has ${dataDir} open. Stop it first, or add --force if that process is not the site.`);
  }

  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const target = path.join(dataDir, DATABASE_FILE);
  const incoming = path.join(dataDir, `.${DATABASE_FILE}.restoring`);
  fs.copyFileSync(path.join(folder, DATABASE_FILE), incoming);
  fs.chmodSync(incoming, 0o600);
  if (fs.existsSync(target)) {
    const kept = `${target}.replaced-${new Date().toISOString().replaceAll(":", "-")}`;
    fs.renameSync(target, kept);
    console.log(`The database it replaces is kept as ${kept}.`);
  }
  // The replaced database's write-ahead log must not be applied to the restored one.
  for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${target}${suffix}`, { force: true });
  fs.renameSync(incoming, target);

  const secret = path.join(folder, SECRET_FILE);
  if (fs.existsSync(secret)) fs.copyFileSync(secret, path.join(dataDir, SECRET_FILE));
  const uploads = await copyFiles(path.join(folder, UPLOADS_FOLDER), uploadsDir, (name) => !name.startsWith("."));
  copyOwnerMarker(path.join(folder, UPLOADS_FOLDER), uploadsDir);
  console.log(`Restored ${folder} into ${dataDir} and ${uploadsDir} (${uploads.count} upload(s)). Start the server now.`);
}

main().catch((error) => {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
