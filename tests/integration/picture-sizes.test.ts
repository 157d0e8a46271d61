// Issue 30 item 2, "sizes made once, at upload" (docs/architecture.md §5): a stored picture is also
// written in AVIF and WebP at the widths a page may want, with the list of them last; the sizes go
// with their picture on every path that removes it (replace, delete, a refused write, the start's
// sweep); a backup keeps them whole; a restore of a backup from before they existed still shows
// every picture, and `npm run images` makes them, and nothing the second time. Through the real
// route modules, and the built scripts and server for backup, restore and `npm run images`.
// Runs about 22 s.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/client.server";
import { products } from "~/db/schema";
import { sweepOrphanUploads } from "~/features/uploads/sweep.server";
import { removeVariants, writeVariants } from "~/lib/image-variants.server";
import { derivedNames, shareImageName, variantsListName } from "~/lib/upload-names";
import * as apiCareer from "~/routes/api.career-background.upsert";
import * as apiDelete from "~/routes/api.product-list.delete";
import * as apiInsert from "~/routes/api.product-list.insert";
import * as apiUpdate from "~/routes/api.product-list.update";
import * as productListPage from "~/routes/product-list";
import { adminCookie, callAction, callLoader, thisFile } from "./_direct";
import { assertUploadsMatchDb, makeImage, multipart, uploadFiles } from "./_uploads";
import { cleanUpProcesses, runScript, startServer, tempSite } from "./hardening-support";

let admin: string;

beforeAll(async () => {
  admin = await adminCookie();
});
afterAll(() => cleanUpProcesses());

const uploadPath = (name: string) => path.join(thisFile.uploadsDir, name);
const stemOf = (name: string) => name.replace(/\.\w+$/, "");
/** The files in UPLOADS_DIR that belong to this picture (it and every name derived from it). */
const filesOf = (name: string) => uploadFiles(thisFile).filter((file) => file.startsWith(stemOf(name)));

/** A 1500×1000 JPEG as a phone's picture, shrunk: every size below it. */
const photo = (color: string) => makeImage("jpeg", { width: 1500, height: 1000, color });

async function insertProduct(name: string, color: string) {
  const response = await callAction(apiInsert, "/api/product-list/insert", {
    form: multipart({ productsNm: name, isView: "true" }, { imageFile: [await photo(color), "p.jpg", "image/jpeg"] }),
    cookie: admin,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return db().select().from(products).where(eq(products.name, name)).get()!;
}

/** A product's picture and the 2:1 share image its page's preview takes, made beside it (docs/architecture.md §5). */
const withShare = (image: string) => [image, shareImageName(image)];

/** The sizes a 1500 px picture has, by name: each width below it (not its own: no page takes one over 1440 px). */
function expectedSizes(original: string) {
  return ["360", "520", "640", "800", "1080", "1440"].flatMap((width) =>
    ["avif", "webp"].map((format) => `${stemOf(original)}-${width}.${format}`),
  );
}

describe("a picture is stored with its sizes", () => {
  test("AVIF and WebP at 360 to 1440 px (not its own 1500), each its width and type, and their list", async () => {
    const row = await insertProduct("크기 여러 개", "#7a9c5b");
    const image = row.image!;
    expect(filesOf(image).sort()).toEqual([...withShare(image), ...expectedSizes(image), variantsListName(image)].sort());
    for (const size of expectedSizes(image)) {
      const { format, width, height } = await sharp(uploadPath(size)).metadata();
      const [, named, type] = /-(\w+)\.(\w+)$/.exec(size)!;
      expect({ format: format === "heif" ? "avif" : format, width }).toEqual({
        format: type,
        width: Number(named),
      });
      expect(height, size).toBe(Math.round((width! * 1000) / 1500));
    }
    expect(JSON.parse(fs.readFileSync(uploadPath(variantsListName(image)), "utf8"))).toEqual({
      width: 1500,
      height: 1000,
      widths: [360, 520, 640, 800, 1080, 1440],
    });
    assertUploadsMatchDb(thisFile, "after the upload");
  });

  test("the product list offers them to the browser: AVIF first, with the width its layout gives the card", async () => {
    const row = await insertProduct("목록의 첫 제품", "#5b7a9c");
    const data = (await (await callLoader(productListPage, "/product-list")).json()) as {
      items: { index: number; picture: { sources: { type: string; srcSet: string; sizes: string }[]; img: Record<string, unknown> } }[];
    };
    const { picture } = data.items.find((item) => item.index === row.id)!;
    const stem = stemOf(row.image!);
    expect(picture.sources.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
    expect(picture.sources[0]!.srcSet).toBe(
      `/uploads/${stem}-360.avif 360w, /uploads/${stem}-520.avif 520w, /uploads/${stem}-640.avif 640w, /uploads/${stem}-800.avif 800w, ` +
        `/uploads/${stem}-1080.avif 1080w, /uploads/${stem}-1440.avif 1440w`,
    );
    expect(picture.sources[0]!.sizes).toBe("(min-width: 560px) calc(min(50vw, 345px) - 24px), calc(100vw - 34px)");
    expect(picture.img).toMatchObject({
      src: expect.stringMatching(new RegExp(`^/uploads/${stem}\\.jpg\\?v=\\d+$`)),
      width: 1500,
      height: 1000,
    });
  });

  test("an animated GIF keeps its one file: its list names no width", async () => {
    const frame = (color: string) =>
      sharp({ create: { width: 400, height: 300, channels: 3, background: color } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame("#ff0000"), await frame("#0000ff")], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const response = await callAction(apiInsert, "/api/product-list/insert", {
      form: multipart({ productsNm: "움직이는 그림", isView: "true" }, { imageFile: [gif, "a.gif", "image/gif"] }),
      cookie: admin,
    });
    expect(response.status).toBe(200);
    const image = db().select().from(products).where(eq(products.name, "움직이는 그림")).get()!.image!;
    expect(filesOf(image).sort()).toEqual([...withShare(image), variantsListName(image)].sort());
    expect(JSON.parse(fs.readFileSync(uploadPath(variantsListName(image)), "utf8"))).toEqual({ width: 400, height: 300, widths: [] });
  });

  test("sizes that cannot all be written leave none behind (the picture is whole without them)", async () => {
    const row = await insertProduct("쓰다 만 크기", "#9c5b7a");
    const image = row.image!;
    await removeVariants(thisFile.uploadsDir, image);
    // A folder where the 1080 px AVIF would go: its rename fails after the smaller ones were written.
    fs.mkdirSync(uploadPath(`${stemOf(image)}-1080.avif`));
    await expect(writeVariants(thisFile.uploadsDir, image)).rejects.toThrow();
    fs.rmdirSync(uploadPath(`${stemOf(image)}-1080.avif`));
    expect(filesOf(image).sort(), "no size and no list left, and no temporary file").toEqual(withShare(image).sort());
    expect(uploadFiles(thisFile).filter((file) => file.startsWith("."))).toEqual([]);
    await writeVariants(thisFile.uploadsDir, image);
  });
});

describe("the sizes go wherever their picture goes", () => {
  test("replacing the picture removes the old one with every size; the new one has its own", async () => {
    const row = await insertProduct("사진을 바꾼 제품", "#3a5c7e");
    const response = await callAction(apiUpdate, "/api/product-list/update", {
      form: multipart(
        { index: String(row.id), productsNm: "사진을 바꾼 제품", isView: "true" },
        { imageFile: [await photo("#7e5c3a"), "q.jpg", "image/jpeg"] },
      ),
      cookie: admin,
    });
    expect(response.status).toBe(200);
    const replaced = db().select().from(products).where(eq(products.id, row.id)).get()!.image!;
    expect(replaced).not.toBe(row.image);
    expect(filesOf(row.image!), "nothing of the old picture").toEqual([]);
    expect(filesOf(replaced)).toHaveLength(withShare(replaced).length + expectedSizes(replaced).length + 1);
    assertUploadsMatchDb(thisFile, "after the replace");
  });

  test("deleting the product removes its picture and every size", async () => {
    const row = await insertProduct("지울 제품", "#5c7e3a");
    const response = await callAction(apiDelete, "/api/product-list/delete", {
      json: { productLists: [{ index: row.id }] },
      cookie: admin,
    });
    expect(response.status).toBe(200);
    expect(filesOf(row.image!)).toEqual([]);
    assertUploadsMatchDb(thisFile, "after the delete");
  });

  test("a write refused after its pictures were stored (a JPEG, then a GIF the career set takes not) leaves none of their sizes", async () => {
    const before = uploadFiles(thisFile);
    const form = new FormData();
    form.set("hasImage", "true");
    form.append("imageFile", new Blob([new Uint8Array(await photo("#112233"))], { type: "image/jpeg" }), "good.jpg");
    form.append("imageFile", new Blob([new Uint8Array(await makeImage("gif"))], { type: "image/png" }), "bad.png");
    const response = await callAction(apiCareer, "/api/career-background/upsert", { form, cookie: admin });
    expect(response.status).toBe(415);
    expect(uploadFiles(thisFile), "the JPEG stored first is removed again, with its sizes").toEqual(before);
  });

  test("the start's sweep keeps the sizes of a named picture, quarantines those of one no row names and half-written ones", async () => {
    const kept = (await insertProduct("쓸어도 남는 제품", "#224466")).image!;
    const stray = `${crypto.randomUUID()}.jpg`;
    fs.writeFileSync(uploadPath(stray), await photo("#446622"));
    await writeVariants(thisFile.uploadsDir, stray);
    const temp = `.${stemOf(kept)}-640.webp.4242.tmp`;
    fs.writeFileSync(uploadPath(temp), "half-written");
    const lines: string[] = [];
    await sweepOrphanUploads((line) => lines.push(line));
    expect(filesOf(kept)).toHaveLength(withShare(kept).length + expectedSizes(kept).length + 1);
    expect(filesOf(stray), "the stray picture and its sizes moved").toEqual([]);
    const quarantined = lines.join("\n");
    for (const name of [stray, ...expectedSizes(stray), variantsListName(stray), temp]) expect(quarantined).toContain(name);
    assertUploadsMatchDb(thisFile, "after the sweep");
  });
});

describe("backup, restore and `npm run images`", () => {
  const backupDir = () => path.join(path.dirname(thisFile.dataDir), "backups");
  const live = () => ({ DATA_DIR: thisFile.dataDir, UPLOADS_DIR: thisFile.uploadsDir, BACKUP_DIR: backupDir() });
  let older = "";
  let sized = "";
  let torn = "";
  const straySize = `${crypto.randomUUID()}-360.avif`;
  let backup = "";

  test("a backup keeps the sizes of the pictures it names, whole; leaves out sizes no picture owns and a list that lost a size", async () => {
    sized = (await insertProduct("크기가 있는 제품", "#aa5500")).image!;
    // As if stored before sizes were made.
    older = (await insertProduct("크기 없던 제품", "#0055aa")).image!;
    await removeVariants(thisFile.uploadsDir, older);
    torn = (await insertProduct("크기를 잃은 제품", "#55aa00")).image!;
    fs.rmSync(uploadPath(`${stemOf(torn)}-800.webp`));
    fs.writeFileSync(uploadPath(straySize), "no picture names this");

    const { code, output } = await runScript("backup.js", [], live());
    expect(code, output).toBe(0);
    backup = path.join(
      backupDir(),
      fs.readdirSync(backupDir()).find((name) => /^\d{4}-/.test(name))!,
    );
    const copied = fs.readdirSync(path.join(backup, "uploads"));
    for (const name of [sized, ...expectedSizes(sized), variantsListName(sized)]) expect(copied, name).toContain(name);
    expect(copied).toContain(older);
    expect(copied.filter((name) => name.startsWith(stemOf(older))).sort()).toEqual(withShare(older).sort());
    expect(copied.filter((name) => name.startsWith(stemOf(torn))).sort(), "the torn list and its sizes left out").toEqual(
      withShare(torn).sort(),
    );
    expect(copied).not.toContain(straySize);
  });

  test("restored (from a backup with pictures that have no sizes), every picture is shown; npm run images makes the sizes, then nothing", async () => {
    const site = tempSite();
    const restored = await runScript("restore.js", [backup], {
      DATA_DIR: site.dataDir,
      UPLOADS_DIR: site.uploadsDir,
      BACKUP_DIR: backupDir(),
    });
    expect(restored.code, restored.output).toBe(0);

    const listPage = async () => {
      const server = await startServer(site);
      try {
        const html = await (await fetch(`${server.origin}/product-list`)).text();
        const pictureOf = (name: string) =>
          new RegExp(`<picture>(?:(?!</picture>).)*/uploads/${stemOf(name)}\\.jpg(?:(?!</picture>).)*</picture>`).exec(html)?.[0];
        const files = await Promise.all(
          [...html.matchAll(/(?:src|srcSet|srcset)="([^"]+)"/g)]
            .flatMap(([, list]) => list!.split(", ").map((candidate) => candidate.split(" ")[0]!))
            .filter((url) => url.startsWith("/uploads/"))
            .map(async (url) => {
              const response = await fetch(`${server.origin}${url}`);
              await response.arrayBuffer();
              return `${response.status} ${response.headers.get("content-type")} ${url}`;
            }),
        );
        return { pictureOf, files };
      } finally {
        await server.stop();
      }
    };

    const before = await listPage();
    // The pictures without sizes are shown as they are; the one with them offers them.
    for (const name of [older, torn]) expect(before.pictureOf(name)).toMatch(/^<picture><img /);
    expect(before.pictureOf(sized)).toMatch(/^<picture><source type="image\/avif" srcSet="[^"]*-360\.avif 360w/);
    for (const line of before.files) expect(line).toMatch(/^200 image\/(jpeg|avif|webp|png|gif) /);

    // A product picture from before products had pages of their own: no share image either.
    fs.rmSync(path.join(site.uploadsDir, shareImageName(older)));
    const env = { DATA_DIR: site.dataDir, UPLOADS_DIR: site.uploadsDir };
    const first = await runScript("images.js", [], env);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toMatch(/Made the sizes of 2 picture\(s\) in [\d.]+ s; \d+ had them already\./);
    expect(first.output).toContain("Made the share image of 1 product picture(s).");
    const share = await sharp(path.join(site.uploadsDir, shareImageName(older))).metadata();
    expect([share.format, share.width, share.height]).toEqual(["jpeg", 1200, 600]);
    for (const name of [older, torn]) {
      for (const size of [...expectedSizes(name), variantsListName(name)])
        expect(fs.existsSync(path.join(site.uploadsDir, size)), size).toBe(true);
    }
    const listing = () => fs.readdirSync(site.uploadsDir).map((name) => `${name} ${fs.statSync(path.join(site.uploadsDir, name)).mtimeMs}`);
    const made = listing();
    const second = await runScript("images.js", [], env);
    expect(second.code, second.output).toBe(0);
    expect(second.output).toMatch(/Made the sizes of 0 picture\(s\)/);
    expect(second.output).not.toContain("share image");
    expect(listing(), "the second run wrote nothing").toEqual(made);

    const after = await listPage();
    for (const name of [older, torn]) expect(after.pictureOf(name)).toMatch(/^<picture><source type="image\/avif"/);
    for (const line of after.files) expect(line).toMatch(/^200 image\/(jpeg|avif|webp|png|gif) /);
    // Every derived name of a restored picture is one the server's removal knows.
    for (const name of [older, torn])
      for (const file of fs.readdirSync(site.uploadsDir).filter((f) => f.startsWith(stemOf(name)) && f !== name))
        expect(derivedNames(name)).toContain(file);
  });
});
