import type { LoaderFunctionArgs } from "@remix-run/node";
import { picturePreload, pictureOf } from "~/lib/pictures.server";
import { currentAdmin } from "~/lib/session.server";
import { getCareerImages } from "./career.server";

// The page door of /career-background, in one server module of its own so the route sends visitors
// no empty stand-ins for the server modules it would otherwise name.

/** The width a picture is given (app/styles/career.css): the whole content, at most 690 − 32 px. */
const SIZES = "min(100vw - 32px, 658px)";

export async function loadCareerPage({ request, context }: LoaderFunctionArgs) {
  const admin = await currentAdmin({ request, context });
  const images = await Promise.all(
    getCareerImages().map(async (image, at) => {
      // The size the row keeps stands for a picture without a list of sizes.
      const box = image.width && image.height ? { width: image.width, height: image.height } : undefined;
      // The first picture fills a phone's first screen.
      return { src: image.src, caption: image.caption, picture: await pictureOf(image.src, { sizes: SIZES, box }, at === 0) };
    }),
  );
  return { isAdmin: admin !== null, images, preload: picturePreload(images[0]?.picture) };
}
