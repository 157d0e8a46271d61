// Camera photos as a phone makes them, for the tests of big uploads (integration and end-to-end).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";

/**
 * Writes `make()`'s bytes to `name` in a folder of the OS's temporary one, unless an earlier run made
 * it: the photos take sharp seconds of CPU. Written under another name first, so nothing ever reads
 * half a photo (the files that use one may run side by side).
 */
export async function madeOnce(name: string, make: () => Promise<Buffer>) {
  const folder = path.join(os.tmpdir(), "ot-e2e-camera-photos-v2");
  const file = path.join(folder, name);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(folder, { recursive: true });
  const partial = `${file}.${process.pid}.part`;
  fs.writeFileSync(partial, await make());
  fs.renameSync(partial, file);
  return file;
}

/**
 * A camera-like JPEG: noise, so it stays as large as a real photo does. A tenth of each side is drawn
 * and repeated: the same bytes per pixel as noise drawn for every pixel, which took sharp 5.6 s of
 * CPU for a 35 MB photo against 0.9 s.
 */
export async function cameraJpeg(width: number, height: number) {
  const tile = { width: width / 10, height: height / 10, channels: 3 as const };
  const noise = await sharp({ create: { ...tile, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
    .raw()
    .toBuffer();
  return sharp(noise, { raw: tile })
    .extend({ right: width - tile.width, bottom: height - tile.height, extendWith: "repeat" })
    .jpeg({ quality: 98 });
}

/** Over 14 MB: 4400×3000 stored on its side (EXIF orientation 6, shown as a 3000×4400 portrait), with a GPS position. */
export async function sidewaysCameraJpeg() {
  return (await cameraJpeg(4400, 3000))
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "37/1 33/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "126/1 58/1 0/1" } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** Eight octaves of noise, each twice as coarse and stronger than the last: detail at every scale. */
async function detailLayers(width: number, height: number) {
  const raw = { width, height, channels: 3 as const };
  const layers = await Promise.all(
    Array.from({ length: 8 }, async (_, i) => {
      const octave = i + 1;
      const size = {
        width: Math.max(2, Math.round(width / 2 ** octave)),
        height: Math.max(2, Math.round(height / 2 ** octave)),
        channels: 3 as const,
      };
      const sigma = Math.min(60, 10 * 1.3 ** i);
      const input = await sharp({ create: { ...size, background: "#808080", noise: { type: "gaussian", mean: 128, sigma } } })
        .resize(width, height, { kernel: octave < 3 ? "linear" : "cubic", fit: "fill" })
        .raw()
        .toBuffer();
      return { input, raw, blend: "overlay" as const };
    }),
  );
  return layers.reverse();
}

/**
 * A JPEG that compresses like a phone's photo, for measuring what pages weigh: a subject with detail
 * at every scale (so a smaller copy keeps as much detail per pixel as a real scene does, where
 * cameraJpeg's noise averages out to grey) filling about half the frame, on a smoothly lit
 * background, all of it under sensor grain. A 4032×3024 one at quality 92 is about 2.4 MB, as a
 * phone's 12-megapixel JPEG of a simple scene is.
 */
export async function photoLikeJpeg(width: number, height: number, tone = "#b08a6a") {
  const raw = { width, height, channels: 3 as const };
  const svg = (body: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`);
  const light = svg(
    '<defs><radialGradient id="l" cx="35%" cy="30%" r="90%"><stop offset="0" stop-color="#f4efe8"/><stop offset="1" stop-color="#9c8f80"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#l)"/>',
  );
  const [background, subject, grain] = await Promise.all([
    sharp(light).resize(width, height).removeAlpha().raw().toBuffer(),
    sharp({ create: { ...raw, background: tone } })
      .composite(await detailLayers(width, height))
      .removeAlpha()
      .raw()
      .toBuffer(),
    sharp({ create: { ...raw, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 4 } } })
      .raw()
      .toBuffer(),
  ]);
  // An ellipse of half the frame's area, its edge softened as a lens does.
  const [rx, ry] = [width, height].map((side) => Math.sqrt(0.5 / Math.PI) * side);
  const shape = svg(`<ellipse cx="${width * 0.52}" cy="${height * 0.55}" rx="${rx}" ry="${ry}" fill="#fff"/>`);
  const mask = await sharp(shape)
    .resize(width, height)
    .blur(Math.max(2, width / 200))
    .extractChannel(0)
    .raw()
    .toBuffer();
  const cutOut = await sharp(subject, { raw })
    .joinChannel(mask, { raw: { width, height, channels: 1 } })
    .raw()
    .toBuffer();
  return sharp(background, { raw })
    .composite([
      { input: cutOut, raw: { width, height, channels: 4 } },
      { input: grain, raw, blend: "overlay" },
    ])
    .jpeg({ quality: 92 })
    .toBuffer();
}
