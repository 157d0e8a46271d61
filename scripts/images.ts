#!/usr/bin/env node
// `npm run images`: makes the sizes (AVIF and WebP, docs/architecture.md §5 "Sizes made once") of
// every picture the database names that has none yet: pictures stored before sizes were made, or
// restored from a backup of then; and the 2:1 share image of every product's picture without one
// (stored before products had pages of their own, or the demo's). Safe while the site runs: it only adds files beside pictures that
// exist, each written atomically with its list last (pages take a picture's sizes once the list is
// there, and until then show the picture itself), one picture at a time at the lowest CPU priority.
// Run twice, it makes nothing the second time.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { readVariants, removeVariants, writeShareImage, writeVariants } from "../app/lib/image-variants.server";
import { isPictureName, SHARE_IMAGE_SIZE, shareImageName } from "../app/lib/upload-names";
import { DATABASE_FILE, locations, referencedUploads } from "./operations";

/** The pictures the database names, and those of them that are products' (whose pages share a 2:1 image made from them). */
function namedPictures(dataDir: string) {
  const sqlite = new Database(path.join(dataDir, DATABASE_FILE), { readonly: true, fileMustExist: true });
  sqlite.pragma("busy_timeout = 5000");
  try {
    const products = (sqlite.prepare("SELECT image FROM products WHERE image IS NOT NULL").all() as { image: string }[]).map(
      (row) => row.image,
    );
    return { all: [...referencedUploads(sqlite)].filter(isPictureName).sort(), products: products.filter(isPictureName).sort() };
  } finally {
    sqlite.close();
  }
}

/** Makes the share image of each product picture that has none; a picture removed meanwhile loses it again. */
async function makeShareImages(uploadsDir: string, pictures: string[]) {
  let made = 0;
  for (const name of pictures) {
    const share = path.join(uploadsDir, shareImageName(name));
    if (!fs.existsSync(path.join(uploadsDir, name)) || fs.existsSync(share)) continue;
    try {
      await writeShareImage(uploadsDir, name, SHARE_IMAGE_SIZE);
    } catch (error) {
      if (fs.existsSync(path.join(uploadsDir, name)))
        console.error(`Share image of ${name} not made: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    if (fs.existsSync(path.join(uploadsDir, name))) made += 1;
    else fs.rmSync(share, { force: true });
  }
  return made;
}

async function main() {
  const { dataDir, uploadsDir } = locations();
  // The site's requests go first: this is work for the idle moments of a small server.
  os.setPriority(os.constants.priority.PRIORITY_LOW);
  const counts = { made: 0, had: 0, gone: 0, failed: 0 };
  const started = Date.now();
  const pictures = namedPictures(dataDir);
  for (const name of pictures.all) {
    const file = path.join(uploadsDir, name);
    if (!fs.existsSync(file)) {
      counts.gone += 1;
      continue;
    }
    if (await readVariants(uploadsDir, name)) {
      counts.had += 1;
      continue;
    }
    try {
      await writeVariants(uploadsDir, name);
    } catch (error) {
      // Removed while it was read: nothing of it is left to make sizes of.
      if (!fs.existsSync(file)) {
        counts.gone += 1;
        continue;
      }
      counts.failed += 1;
      console.error(`Sizes of ${name} not made: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    // Removed while its sizes were made (the owner replaced or deleted it): they go too.
    if (!fs.existsSync(file)) {
      await removeVariants(uploadsDir, name);
      counts.gone += 1;
      continue;
    }
    counts.made += 1;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `Made the sizes of ${counts.made} picture(s) in ${seconds} s; ${counts.had} had them already` +
      (counts.gone ? `; ${counts.gone} named but not in ${uploadsDir}` : "") +
      (counts.failed ? `; ${counts.failed} could not be read (see above)` : "") +
      ".",
  );
  const shared = await makeShareImages(uploadsDir, pictures.products);
  if (shared) console.log(`Made the share image of ${shared} product picture(s).`);
  if (counts.failed) process.exitCode = 1;
}

main().catch((error) => {
  console.error(`Images failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
