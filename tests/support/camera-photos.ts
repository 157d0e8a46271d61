// Camera photos as a phone makes them, for the tests of big uploads (integration and end-to-end).
import sharp from "sharp";

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
