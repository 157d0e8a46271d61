// Pictures as app/lib/pictures.server.ts hands them to the page (not a test file itself).
import type { Picture } from "~/lib/picture";

/** A stored picture without sizes (one from before they were made): its own file, loaded lazily. */
export function plainPicture(src: string): Picture {
  return { sources: [], img: { src, loading: "lazy" } };
}
