import { db } from "~/db/client.server";
import { guideCategories, guidePictures, guides } from "~/db/schema";
import { guideRenderContext, placeBodyPictures } from "~/features/guides/guide-writes.server";
import { renderGuide } from "~/features/guides/markdown.server";
import { storeShareImage } from "~/lib/images.server";
import { logWarning } from "~/lib/log.server";
import { removeUploads, uploadUrl } from "~/lib/uploads.server";
import { demoGuideCategories, demoGuides } from "./demo-guides";

/**
 * The demo's guides, after the rest (their text may show a demo reel's card, rendered once as a save
 * renders it). Their pictures are copied as the others are; a failure leaves the demo without guides
 * (logged), not without the rest.
 */
export async function seedDemoGuides(copyIntoUploads: (relative: string, copied: string[]) => Promise<string>) {
  const copied: string[] = [];
  try {
    const categoryImages = await Promise.all(demoGuideCategories.map((category) => copyIntoUploads(category.image, copied)));
    const prepared: {
      guide: (typeof demoGuides)[number];
      cover: string;
      photos: string[];
      body: string;
      rendered: Awaited<ReturnType<typeof renderGuide>>;
    }[] = [];
    for (const guide of demoGuides) {
      const cover = await copyIntoUploads(guide.cover, copied);
      // Its 2:1 share image, as a saved guide's cover gets one (features/guides/guide-writes.server.ts).
      copied.push(await storeShareImage(cover));
      const photos = await Promise.all(guide.photos.map((photo) => copyIntoUploads(photo, copied)));
      const body = placeBodyPictures(
        guide.body,
        photos.map((photo) => uploadUrl(photo)),
      );
      prepared.push({ guide, cover, photos, body, rendered: await renderGuide(body, guideRenderContext([])) });
    }
    db().transaction((tx) => {
      const categoryIds = new Map(
        demoGuideCategories.map((category, at) => [
          category.key,
          tx
            .insert(guideCategories)
            .values({ name: category.name, description: category.description, image: categoryImages[at] ?? null, position: at })
            .returning({ id: guideCategories.id })
            .get().id,
        ]),
      );
      for (const { guide, cover, photos, body, rendered } of prepared) {
        const publishAt = new Date(Date.now() - guide.daysAgo * 24 * 60 * 60 * 1000).toISOString();
        const row = tx
          .insert(guides)
          .values({
            categoryId: categoryIds.get(guide.category)!,
            title: guide.title,
            summary: guide.summary,
            body,
            html: rendered.html,
            toc: JSON.stringify(rendered.toc),
            readingMinutes: rendered.readingMinutes,
            image: cover,
            publishAt,
            updatedAt: publishAt,
          })
          .returning({ id: guides.id })
          .get();
        for (const photo of photos) tx.insert(guidePictures).values({ image: photo, guideId: row.id }).run();
      }
    });
  } catch (error) {
    logWarning("demo guides not seeded", { err: error });
    await removeUploads(copied);
  }
}
