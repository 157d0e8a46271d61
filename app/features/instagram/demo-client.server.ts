// The sample feed (content/demo/instagram-media.json, pages in the Graph API's own JSON shape), so
// the demo site and a fresh install show reels without an Instagram account.
import fs from "node:fs/promises";
import path from "node:path";
import * as z from "~/lib/zod";
import type { InstagramClient } from "./client.server";
import { unavailable, warn } from "./errors.server";
import { graphPage, mediaItemsOf, type MediaItem } from "./media.server";

async function readDemoFeed(): Promise<MediaItem[][]> {
  try {
    const file = path.resolve(process.cwd(), "content/demo/instagram-media.json");
    const pages = z.array(graphPage).parse(JSON.parse(await fs.readFile(file, "utf8")));
    return pages.map(mediaItemsOf);
  } catch (error) {
    warn(error, null);
    throw unavailable();
  }
}

export const demoClient: InstagramClient = {
  isDemo: true,
  username: async () => null,
  renewToken: () => Promise.reject(new Error("the sample feed's token never expires")),
  async *mediaPages() {
    yield* await readDemoFeed();
  },
  async media(mediaId) {
    return (await readDemoFeed()).flat().find((item) => item.media.id === mediaId) ?? null;
  },
};
