// Upload helpers shared by the products, reels and career suites (not a test file: only *.test.ts run).
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { expect } from "vitest";
import { derivedFrom, sizeName, stemsOf, VARIANT_FORMATS, variantsListName } from "~/lib/upload-names";
import { openDb, type AppFiles } from "./_helpers";

/** The image columns of every table that names an upload (docs/architecture.md §5: "a file with no database row is swept"). */
const IMAGE_COLUMNS = [
  ["products", "image"],
  ["reel_categories", "image"],
  ["reels", "image"],
  ["reel_inbox", "image"],
  ["career_images", "image"],
  ["partner_ads", "image"],
  ["guide_categories", "image"],
  ["guides", "image"],
  ["guide_pictures", "image"],
] as const;

/** Every upload name some row refers to. */
function referencedUploads(app: AppFiles): string[] {
  const db = openDb(app);
  try {
    const fromColumns = IMAGE_COLUMNS.flatMap(([table, column]) =>
      (db.prepare(`SELECT ${column} AS name FROM ${table} WHERE ${column} IS NOT NULL`).all() as { name: string }[]).map((row) => row.name),
    );
    // The owner's profile picture (사이트 설정 > 사이트 정보) is a settings row's value.
    const fromSettings = (db.prepare("SELECT value AS name FROM settings WHERE key = 'site.profileImage'").all() as { name: string }[]).map(
      (row) => row.name,
    );
    return [...fromColumns, ...fromSettings];
  } finally {
    db.close();
  }
}

/** Every file in UPLOADS_DIR (temp files and dotfiles included: they count as orphans too). */
export function uploadFiles(app: AppFiles): string[] {
  if (!fs.existsSync(app.uploadsDir)) return [];
  return fs
    .readdirSync(app.uploadsDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== ".gitkeep")
    .map((entry) => entry.name)
    .sort();
}

/** Files left in the receiving folders (`.site/tmp`), where the form reader streams uploads: none once a request is answered. */
export function receivedFiles(app: AppFiles): string[] {
  const root = path.join(app.uploadsDir, ".site", "tmp");
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root).flatMap((folder) => fs.readdirSync(path.join(root, folder)));
}

/** The sizes a picture's list names (`<stem>-variants.json`) that are not in UPLOADS_DIR. */
function missingSizes(app: AppFiles, original: string, files: string[]) {
  const list = path.join(app.uploadsDir, variantsListName(original));
  if (!fs.existsSync(list)) return [];
  const { width, widths } = JSON.parse(fs.readFileSync(list, "utf8")) as { width: number; widths: number[] };
  return VARIANT_FORMATS.flatMap((format) => widths.map((size) => sizeName(original, size, width, format))).filter(
    (name) => !files.includes(name),
  );
}

/**
 * The files in UPLOADS_DIR are exactly the ones the database names and what is derived from them (a
 * poster's share image, a picture's sizes and their list): no orphan, nothing missing, and every
 * list of sizes whole.
 */
export function assertUploadsMatchDb(app: AppFiles, step: string) {
  const referenced = [...new Set(referencedUploads(app))].sort();
  const files = uploadFiles(app);
  const stems = stemsOf(referenced);
  const orphans = files.filter((name) => !referenced.includes(name) && !stems.has(derivedFrom(name) ?? ""));
  const missing = [...referenced.filter((name) => !files.includes(name)), ...referenced.flatMap((name) => missingSizes(app, name, files))];
  expect(
    { orphans, missing },
    `${step}: UPLOADS_DIR must match the image columns (orphans = files no row names, missing = rows whose file or sizes are gone)`,
  ).toStrictEqual({ orphans: [], missing: [] });
}

/** A decodable image made by sharp. */
export async function makeImage(
  format: "png" | "jpeg" | "webp" | "gif",
  { width = 64, height = 48, color = "#3a7bd5" }: { width?: number; height?: number; color?: string } = {},
) {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .toFormat(format)
    .toBuffer();
}

/** A JPEG carrying EXIF (a copyright owner and an artist that must not survive the upload). */
export async function makeJpegWithExif({ width = 2400, height = 1200 } = {}) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: "#d55a3a" } })
    .jpeg()
    .withExif({ IFD0: { Copyright: "exif-secret-owner", Artist: "exif-secret-artist" } })
    .toBuffer();
  expect((await sharp(buffer).metadata()).exif, "the fixture must carry EXIF").toBeTruthy();
  return buffer;
}

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A real, valid 20000x20000 PNG (400 megapixels: a decompression bomb) of about 50 KB: 1-bit grey,
 * all black, every row filtered "none". Built by hand because sharp takes ~25 s to encode one this big;
 * sharp reads it back as 20000x20000 (checked by the caller).
 */
export function makePixelBombPng(side = 20000) {
  const rowBytes = 1 + Math.ceil(side / 8);
  const idat = zlib.deflateSync(Buffer.alloc(rowBytes * side), { level: 9 });
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", idat),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

function blob(bytes: Buffer | string, type: string) {
  return new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], { type });
}

/** A multipart body from plain fields and files ({name: [bytes, filename, declared type]}). */
export function multipart(fields: Record<string, string | undefined>, files: Record<string, [Buffer | string, string, string]> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  for (const [name, [bytes, filename, type]] of Object.entries(files)) form.append(name, blob(bytes, type), filename);
  return form;
}

/** The upload name inside an /uploads/<name>(?v=…) URL. */
export function uploadName(url: string | null | undefined): string | null {
  if (!url) return null;
  const match = /^\/uploads\/([^?#]+)/.exec(url);
  return match ? decodeURIComponent(match[1]!) : null;
}

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; text: string };

/**
 * One request over node:http with the given agent (so a test controls which connection is used;
 * fetch's shared pool would hand a connection the server left in a bad state to the next request).
 * Rejects with "timeout" when no answer comes within `timeout` ms.
 */
export function rawRequest(
  agent: http.Agent,
  url: string,
  {
    method = "GET",
    headers = {},
    body,
    timeout = 5000,
  }: { method?: string; headers?: Record<string, string>; body?: Buffer; timeout?: number } = {},
) {
  return new Promise<RawResponse>((resolve, reject) => {
    const request = http.request(url, { method, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        clearTimeout(timer);
        resolve({ status: response.statusCode!, headers: response.headers, text: Buffer.concat(chunks).toString("utf8") });
      });
      response.on("error", reject);
    });
    const timer = setTimeout(() => request.destroy(new Error(`timeout: no answer within ${timeout} ms`)), timeout);
    request.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}

/** A FormData serialised the way fetch would send it: the bytes and the multipart Content-Type. */
export async function serialiseForm(form: FormData) {
  const response = new Response(form);
  return { body: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get("content-type")! };
}
