// Run by `npm run build`, after Remix's build: every script and stylesheet under public/build gets a
// brotli (.br) and a gzip (.gz) copy beside it, at the highest settings, once. The server sends the
// copy a browser accepts (express-static-gzip), so no visitor waits for, and no request pays for,
// compressing the same file again; brotli at its highest quality is also a tenth smaller than the
// quick setting a per-request compression can afford.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const BUILD_DIR = path.resolve("public/build");
const COMPRESSIBLE = new Set([".js", ".css"]);

function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else if (COMPRESSIBLE.has(path.extname(entry.name))) yield file;
  }
}

let files = 0;
for (const file of filesUnder(BUILD_DIR)) {
  const source = fs.readFileSync(file);
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: zlib.constants.Z_BEST_COMPRESSION }));
  files += 1;
}
console.log(`Precompressed ${files} files under public/build (brotli and gzip).`);
