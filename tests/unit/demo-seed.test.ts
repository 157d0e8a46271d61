import path from "node:path";
import sharp from "sharp";
import { expect, test } from "vitest";

import { demoCareer } from "~/startup/seed.server";

// The seed declares the demo career images' sizes so that a start-up loads no image decoder;
// regenerating the pictures at another size must fail here, not store wrong sizes.
test.each(demoCareer)("demo career image $file is $width × $height as declared", async ({ file, width, height }) => {
  const metadata = await sharp(path.resolve("public/demo", file)).metadata();
  expect({ width: metadata.width, height: metadata.height }).toEqual({ width, height });
});
