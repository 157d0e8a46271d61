// Issue 8 "backups": `npm run backup` while the admin writes, `npm run restore` into a new folder,
// then the real server started on it has every acknowledged row and every referenced file.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, test, expect } from "vitest";

import { ADMIN_ID, ADMIN_PASSWORD, startApp, type TestApp } from "../support/app";
import type { Client } from "../support/http";
import { adminClient, formatLogs } from "./_helpers";
import { makeImage, multipart } from "./_uploads";
import { cleanUpProcesses, runScript, startServer, tempSite } from "./hardening-support";

let app: TestApp;
let admin: Client;
let backupDir: string;

beforeAll(async () => {
  app = await startApp();
  admin = await adminClient(app);
  backupDir = path.join(app.dir, "backups");
});
afterAll(async () => {
  cleanUpProcesses();
  await app.close();
});

const liveSite = () => ({ DATA_DIR: app.dataDir, UPLOADS_DIR: app.uploadsDir, BACKUP_DIR: backupDir });

async function insertProduct(name: string, color: string) {
  const response = await admin.fetch("/api/product-list/insert", {
    body: multipart({ productsNm: name, isView: "true" }, { imageFile: [await makeImage("png", { color }), "p.png", "image/png"] }),
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return (JSON.parse(text) as { productLists: { index: number }[] }).productLists[0]!.index;
}

async function replaceImage(index: number, color: string) {
  const response = await admin.fetch("/api/product-list/update", {
    body: multipart(
      { index: String(index), productsNm: `바뀐 제품 ${index}`, isView: "true" },
      { imageFile: [await makeImage("png", { color }), "q.png", "image/png"] },
    ),
  });
  expect(response.status, await response.text()).toBe(200);
}

describe("backup while the site is written, restore into a new folder", () => {
  const acknowledged: number[] = [];
  let backup = "";
  let sharedPoster = "";
  const STRAY_SHARE = "00000000-0000-4000-8000-000000000000-share.jpg";
  /** An imported reel waiting in the inbox keeps its poster too (the backup once left it out). */
  const INBOX_POSTER = "11111111-1111-4111-8111-111111111111.jpg";

  test("npm run backup writes a dated folder while the admin keeps writing", async () => {
    for (let i = 0; i < 3; i++) acknowledged.push(await insertProduct(`백업 전 제품 ${i}`, `#10${i}0${i}0`));
    // A reel poster's 2:1 share image goes with its poster; one whose poster no row names stays behind.
    const db = new Database(path.join(app.dataDir, "app.db"), { readonly: true });
    const poster = (db.prepare("SELECT image FROM reels WHERE image IS NOT NULL LIMIT 1").get() as { image: string }).image;
    db.close();
    sharedPoster = poster;
    fs.writeFileSync(path.join(app.uploadsDir, poster.replace(/\.\w+$/, "-share.jpg")), await makeImage("jpeg"));
    fs.writeFileSync(path.join(app.uploadsDir, STRAY_SHARE), await makeImage("jpeg"));
    const writer = new Database(path.join(app.dataDir, "app.db"));
    writer.pragma("busy_timeout = 5000");
    writer
      .prepare("INSERT INTO reel_inbox (media_id, image, caption, insta_reg_date) VALUES (?, ?, '', ?)")
      .run("backup-inbox-media", INBOX_POSTER, new Date().toISOString());
    writer.close();
    fs.writeFileSync(path.join(app.uploadsDir, INBOX_POSTER), await makeImage("jpeg"));
    const running = runScript("backup.js", [], liveSite());
    let finished = false;
    const result = running.then((outcome) => ((finished = true), outcome));
    // Writes during the backup: new rows, and images replaced (the old file is removed after each).
    let round = 0;
    while (!finished && round < 40) {
      const id = await insertProduct(`백업 중 제품 ${round}`, `#3${round % 10}3${round % 10}3${round % 10}`);
      await replaceImage(acknowledged[round % acknowledged.length]!, `#5${round % 10}0000`);
      await replaceImage(id, `#00${round % 10}0${round % 10}0`);
      round++;
    }
    const { code, output } = await result;
    expect(code, output).toBe(0);
    const folders = fs.readdirSync(backupDir).filter((name) => /^\d{4}-\d{2}-\d{2}T/.test(name));
    expect(folders.length, folders.join(",")).toBe(1);
    backup = path.join(backupDir, folders[0]!);
    expect((fs.statSync(path.join(backup, "app.db")).mode & 0o777).toString(8)).toBe("600");
    console.log(`[figure] backup during ${round} write rounds: ${output.trim()}`);
  });

  test("restore refuses while a server holds the database", async () => {
    fs.writeFileSync(path.join(app.dataDir, "server.pid"), `${process.pid}\n`);
    try {
      const { code, output } = await runScript("restore.js", [backup], liveSite());
      expect(code, output).toBe(1);
      expect(output).toMatch(/Restore refused: a server \(process \d+\) has .* open/);
    } finally {
      fs.rmSync(path.join(app.dataDir, "server.pid"));
    }
  });

  test("restored into a new folder, the real server has every acknowledged row and every referenced file", async () => {
    const site = tempSite();
    const { code, output } = await runScript("restore.js", [backup], {
      DATA_DIR: site.dataDir,
      UPLOADS_DIR: site.uploadsDir,
      BACKUP_DIR: backupDir,
    });
    expect(code, output).toBe(0);

    const db = new Database(path.join(site.dataDir, "app.db"), { readonly: true });
    let ids: number[];
    let referenced: string[];
    try {
      ids = (db.prepare("SELECT id FROM products").all() as { id: number }[]).map((row) => row.id);
      referenced = (
        db
          .prepare(
            ["products", "reel_categories", "reels", "reel_inbox", "career_images", "partner_ads"]
              .map((table) => `SELECT image FROM ${table} WHERE image IS NOT NULL`)
              .join(" UNION "),
          )
          .all() as { image: string }[]
      ).map((row) => row.image);
    } finally {
      db.close();
    }
    for (const id of acknowledged) expect(ids, `product ${id}, acknowledged before the backup, is restored`).toContain(id);
    expect(
      fs.existsSync(path.join(site.uploadsDir, sharedPoster.replace(/\.\w+$/, "-share.jpg"))),
      "a poster's share image is restored",
    ).toBeTruthy();
    expect(fs.existsSync(path.join(site.uploadsDir, STRAY_SHARE)), "a share image no poster owns is not backed up").toBeFalsy();
    expect(referenced, "the inbox reel is restored").toContain(INBOX_POSTER);
    expect(fs.existsSync(path.join(site.uploadsDir, INBOX_POSTER)), "the inbox reel's poster is restored").toBeTruthy();
    expect(referenced.length).toBeGreaterThanOrEqual(acknowledged.length);

    const server = await startServer(site, { ADMIN_ID, ADMIN_PASSWORD, SEED_DEMO: "1" });
    try {
      for (const name of referenced) {
        const response = await fetch(`${server.origin}/uploads/${name}`);
        expect(response.status, `${name} is served after the restore`).toBe(200);
        await response.arrayBuffer();
      }
      const list = (await (await fetch(`${server.origin}/api/product-list`)).json()) as { productLists: { index: number }[] };
      for (const id of acknowledged)
        expect(
          list.productLists.some((item) => item.index === id),
          `product ${id} listed`,
        ).toBeTruthy();
    } finally {
      await server.stop();
    }
  });

  test("only the newest BACKUP_KEEP backups are kept", async () => {
    for (let i = 0; i < 2; i++) {
      const { code, output } = await runScript("backup.js", [], { ...liveSite(), BACKUP_KEEP: "2" });
      expect(code, output).toBe(0);
    }
    const folders = fs.readdirSync(backupDir).filter((name) => /^\d{4}-\d{2}-\d{2}T/.test(name));
    expect(folders.length, folders.join(",")).toBe(2);
    expect(folders, "the oldest went").not.toContain(path.basename(backup));
  });
});

test("no unexpected console errors", () => {
  expect(app.problems.length, formatLogs(app.problems)).toBe(0);
});
