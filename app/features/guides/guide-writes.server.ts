// Writing guides: register or edit (the text rendered once, here), preview without saving, delete,
// and the pictures uploaded into the text. Every write tells the page cache.
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { ko } from "~/copy/ko";
import { koServer } from "~/copy/ko-server.server";
import { db } from "~/db/client.server";
import { guideCategories, guidePictures, guides, products, reelCategories, reels } from "~/db/schema";
import { contentChanged } from "~/lib/content-version.server";
import { AppError } from "~/lib/errors";
import { loadSharp } from "~/lib/image-variants.server";
import { storeShareImage, writeWithNewImages } from "~/lib/images.server";
import { logWarning } from "~/lib/log.server";
import { pictureOf } from "~/lib/pictures.server";
import { assertAdmin, type Admin } from "~/lib/session.server";
import { registerOnce, type RecordSubmission } from "~/lib/submissions.server";
import { deleteWithImages, uploadNameOf, uploadsDir, uploadUrl } from "~/lib/uploads.server";
import { getGuideContent, type GuideContent } from "./guides.server";
import { BODY_PICTURE_SIZES, renderGuide, type CardTarget, type RenderContext, type RenderedGuide } from "./markdown.server";
import { BODY_PICTURE_FIELDS, type GuideInput } from "./schema";
import { picturesOfGuides, picturesOnlyOf } from "./visibility.server";

/** A card's small square picture (app/styles/guides.css): 72 px. */
const CARD_PICTURE = { sizes: "72px", box: { width: 72, height: 72 } };

/**
 * A picture in the text as pages show it: its sizes, or (a picture without them yet) its own file
 * with its width and height read from its header, so the page does not jump when it loads.
 */
async function bodyPicture(url: string) {
  const picture = await pictureOf(url, { sizes: BODY_PICTURE_SIZES });
  const name = uploadNameOf(url);
  if (picture.img.width || !name) return picture;
  const sharp = await loadSharp();
  const meta = await sharp(path.join(uploadsDir(), name))
    .metadata()
    .catch(() => null);
  return meta?.width && meta.height ? { ...picture, img: { ...picture.img, width: meta.width, height: meta.height } } : picture;
}

/** What the renderer may ask about the site: its pictures' sizes, and the reels and products visitors can open. */
export function guideRenderContext(origins: string[]): RenderContext {
  return {
    origins,
    picture: bodyPicture,
    async card(kind, id): Promise<CardTarget | null> {
      if (kind === "reel") {
        const reel = db()
          .select({ name: reels.name, image: reels.image })
          .from(reels)
          .innerJoin(reelCategories, eq(reelCategories.id, reels.categoryId))
          .where(and(eq(reels.id, id), eq(reelCategories.isView, true)))
          .get();
        if (!reel) return null;
        const image = uploadUrl(reel.image);
        return { kind, id, title: reel.name, href: `/r/${id}`, picture: image ? await pictureOf(image, CARD_PICTURE) : null };
      }
      const product = db()
        .select({ name: products.name, image: products.image })
        .from(products)
        .where(and(eq(products.id, id), eq(products.isView, true)))
        .get();
      if (!product) return null;
      const image = uploadUrl(product.image);
      return { kind, id, title: product.name, href: `/product/${id}`, picture: image ? await pictureOf(image, CARD_PICTURE) : null };
    },
  };
}

/** The editor's preview (미리보기): the text rendered as the page will show it, nothing stored. */
export async function previewGuide(admin: Admin | null, body: string, origins: string[]): Promise<RenderedGuide> {
  assertAdmin(admin);
  return renderGuide(body, guideRenderContext(origins));
}

/**
 * The pictures chosen beside the text (a form without JavaScript) put where the text names them
 * (`사진1` as a picture's address), the others at its end.
 */
export function placeBodyPictures(body: string, urls: (string | null)[]): string {
  let text = body;
  urls.forEach((url, at) => {
    if (!url) return;
    const placeholder = new RegExp(`\\]\\(\\s*사진${at + 1}\\s*\\)`, "g");
    text = placeholder.test(text) ? text.replace(placeholder, `](${url})`) : `${text.trimEnd()}\n\n![](${url})`;
  });
  return text;
}

export type SavedGuide = GuideContent;

/** Registers or edits a guide; a register sent again with the same submission id makes one guide. */
export function saveGuide(admin: Admin | null, input: GuideInput, origins: string[]): Promise<SavedGuide> {
  assertAdmin(admin);
  if (input.index) return writeGuide(admin, input, origins);
  return registerOnce(
    "guides",
    input.submissionId,
    (id) => {
      try {
        return getGuideContent(admin, id);
      } catch {
        return undefined;
      }
    },
    (recordSubmission) => writeGuide(admin, input, origins, recordSubmission),
  );
}

async function writeGuide(admin: Admin, input: GuideInput, origins: string[], recordSubmission?: RecordSubmission): Promise<SavedGuide> {
  const existing = input.index ? db().select().from(guides).where(eq(guides.id, input.index)).get() : undefined;
  if (input.index && !existing) throw new AppError(404, "NOT_FOUND", koServer.guideForm.notFound);
  const categoryId = input.detailCategoryId!;
  const categoryMessage = { detailCategoryId: [koServer.reelsForm.categoryNotFound] };
  const categoryExists = () =>
    db().select({ id: guideCategories.id }).from(guideCategories).where(eq(guideCategories.id, categoryId)).get();
  const bodyFiles = BODY_PICTURE_FIELDS.map((field) => ({ field, file: input[field] })).filter(({ file }) => file !== undefined);
  const files = [...(input.imageFile ? [{ field: "imageFile", file: input.imageFile }] : []), ...bodyFiles];
  const written = await writeWithNewImages(
    files.map(({ file }) => file!),
    { fields: files.map(({ field }) => field) },
    async (stored) => {
      // Checked in here, so a refused save leaves neither a stored picture nor a received file.
      if (!categoryExists()) throw new AppError(400, "UNKNOWN_CATEGORY", koServer.reelsForm.categoryNotFound, categoryMessage);
      const cover = input.imageFile ? stored[0] : undefined;
      const textPictures = stored.slice(input.imageFile ? 1 : 0);
      // The cover's 2:1 share image, beside it (docs/architecture.md §5, "Share previews"); without it the cover is shared.
      if (cover)
        await storeShareImage(cover.name).catch((error: unknown) =>
          logWarning("guide share image not made", { picture: cover.name, err: error }),
        );
      const placed = BODY_PICTURE_FIELDS.map((field) => {
        const at = bodyFiles.findIndex((entry) => entry.field === field);
        return at >= 0 ? uploadUrl(textPictures[at]!.name) : null;
      });
      const body = placeBodyPictures(input.body ?? "", placed);
      const rendered = await renderGuide(body, guideRenderContext(origins));
      // From here on nothing is awaited: the current cover is read right before the write.
      if (!categoryExists()) throw new AppError(400, "UNKNOWN_CATEGORY", koServer.reelsForm.categoryNotFound, categoryMessage);
      const previous = existing
        ? (db().select({ image: guides.image }).from(guides).where(eq(guides.id, existing.id)).get()?.image ?? null)
        : null;
      const image = cover?.name ?? (input.removeImage === true || input.hasImage === false ? null : previous);
      const now = new Date().toISOString();
      const values = {
        categoryId,
        title: input.detailNm,
        summary: input.summary?.trim() ?? "",
        body,
        html: rendered.html,
        toc: JSON.stringify(rendered.toc),
        readingMinutes: rendered.readingMinutes,
        image,
        isView: input.isView,
        // Empty: at once, or, for a guide already out, when it first was.
        publishAt: input.publishAt ?? (existing && existing.publishAt <= now ? existing.publishAt : now),
        updatedAt: now,
      };
      const row = db().transaction((tx) => {
        const saved = existing
          ? tx.update(guides).set(values).where(eq(guides.id, existing.id)).returning().get()
          : tx.insert(guides).values(values).returning().get();
        if (!saved) throw new AppError(404, "NOT_FOUND", koServer.guideForm.notFound);
        recordSubmission?.(saved.id);
        for (const picture of textPictures)
          tx.insert(guidePictures).values({ image: picture.name, guideId: saved.id }).onConflictDoNothing().run();
        if (rendered.pictures.length) {
          tx.update(guidePictures).set({ guideId: saved.id }).where(inArray(guidePictures.image, rendered.pictures)).run();
        }
        return saved;
      });
      return { result: row, replaced: previous !== image ? [previous] : [] };
    },
  );
  contentChanged();
  return getGuideContent(admin, written.id);
}

/** POST /api/detail/images: a picture for the text, stored like every upload, its address to put in the text. */
export async function storeGuidePicture(admin: Admin | null, file: File): Promise<{ url: string }> {
  assertAdmin(admin);
  return writeWithNewImages([file], {}, ([stored]) => {
    db().insert(guidePictures).values({ image: stored!.name }).run();
    return { result: { url: uploadUrl(stored!.name)! }, replaced: [] };
  });
}

/** For the delete confirmation: the chosen guides' titles. */
export function describeGuideDeletion(admin: Admin | null, ids: number[]): string[] {
  assertAdmin(admin);
  if (ids.length === 0) throw new AppError(400, "NOTHING_SELECTED", ko.list.nothingToDelete);
  return db()
    .select({ title: guides.title })
    .from(guides)
    .where(inArray(guides.id, ids))
    .all()
    .map((row) => row.title);
}

/** Deletes guides with their covers and the text pictures no other guide shows. */
export async function deleteGuides(admin: Admin | null, ids: number[]) {
  assertAdmin(admin);
  return deleteWithImages(ids, koServer.guideForm.notFound, (unique) =>
    db().transaction((tx) => {
      const textPictures = picturesOfGuides(tx, unique);
      const covers = tx.delete(guides).where(inArray(guides.id, unique)).returning({ image: guides.image }).all();
      return {
        deleted: covers.length,
        images: [...covers.map((row) => row.image), ...picturesOnlyOf(tx, textPictures)],
        result: covers.length,
      };
    }),
  );
}
