import { eq } from "drizzle-orm";
import { koServer } from "~/copy/ko-server.server";
import { db } from "~/db/client.server";
import { partnerAds } from "~/db/schema";
import { contentChanged } from "~/lib/content-version.server";
import { AppError } from "~/lib/errors";
import { saveWithImage } from "~/lib/images.server";
import type { MoveDirection } from "~/lib/list-order";
import { insertOnTop, moveInList, reorderList, shownOrder } from "~/lib/list-order.server";
import { assertAdmin, type Admin } from "~/lib/session.server";
import { registerOnce, type RecordSubmission } from "~/lib/submissions.server";
import { deleteWithImages, uploadUrl } from "~/lib/uploads.server";
import { parsePartnerCode } from "./partner-code.server";
import type { PartnerAdCommand, PartnerAdInput } from "./schema";

type PartnerAdRow = typeof partnerAds.$inferSelect;

/** A banner as the settings screen and the API show it. */
export type PartnerAdSetting = {
  index: number;
  name: string;
  source: "upload" | "code";
  /** The picture shown (an upload, a partner picture or a demo file); null for a widget. */
  image: string | null;
  link: string | null;
  frameUrl: string | null;
  /** The partner code a banner made from code comes down to, to edit it again. */
  code: string | null;
  isView: boolean;
  position: number;
};

function attribute(value: string) {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
}

function toSetting(row: PartnerAdRow): PartnerAdSetting {
  // Pasted code left a widget address or a partner's picture; uploads and the demo's pictures are the site's own.
  const fromCode = row.frameUrl !== null || Boolean(row.imageUrl?.startsWith("https:"));
  const code = row.frameUrl
    ? `<iframe src="${attribute(row.frameUrl)}"></iframe>`
    : fromCode && row.link && row.imageUrl
      ? `<a href="${attribute(row.link)}"><img src="${attribute(row.imageUrl)}"></a>`
      : null;
  return {
    index: row.id,
    name: row.name,
    source: fromCode ? "code" : "upload",
    image: uploadUrl(row.image) ?? row.imageUrl,
    link: row.link,
    frameUrl: row.frameUrl,
    code,
    isView: row.isView,
    position: row.position,
  };
}

function findRow(id: number) {
  return db().select().from(partnerAds).where(eq(partnerAds.id, id)).get();
}

function adNotFound() {
  return new AppError(404, "NOT_FOUND", koServer.partnerAds.adNotFound);
}

function requireRow(id: number): PartnerAdRow {
  const row = findRow(id);
  if (!row) throw adNotFound();
  return row;
}

/** Every banner, in the order they rotate. */
export function listPartnerAds(admin: Admin | null): PartnerAdSetting[] {
  assertAdmin(admin);
  return db()
    .select()
    .from(partnerAds)
    .orderBy(...shownOrder(partnerAds))
    .all()
    .map(toSetting);
}

export function getPartnerAd(admin: Admin | null, id: number): PartnerAdSetting {
  assertAdmin(admin);
  return toSetting(requireRow(id));
}

/**
 * Adds (no index, on top of the order) or edits a banner. Pasted code is parsed before any file
 * is stored; an uploaded picture replaces the old one only once the row is written.
 */
export function savePartnerAd(admin: Admin | null, input: PartnerAdInput): Promise<PartnerAdSetting> {
  assertAdmin(admin);
  if (input.index) return writePartnerAd(input);
  return registerOnce(
    "partner_ads",
    input.submissionId,
    (id) => {
      const row = findRow(id);
      return row ? toSetting(row) : undefined;
    },
    (recordSubmission) => writePartnerAd(input, recordSubmission),
  );
}

async function writePartnerAd(input: PartnerAdInput, recordSubmission?: RecordSubmission): Promise<PartnerAdSetting> {
  const existing = input.index ? requireRow(input.index) : undefined;

  const fromCode = input.source === "code" ? parsePartnerCode(input.code ?? "") : null;
  const dropImage = fromCode !== null || input.removeImage === true || input.hasImage === false;
  // The demo seed's banners show a picture of the site's own (/demo/...), kept like an upload.
  const demoPicture = existing?.imageUrl?.startsWith("/") ? existing.imageUrl : null;
  const keepsPicture = !dropImage && Boolean(existing?.image ?? demoPicture);
  if (!fromCode && !input.imageFile && !keepsPicture) {
    throw new AppError(400, "VALIDATION", koServer.partnerAds.imageRequired, { imageFile: [koServer.partnerAds.imageRequired] });
  }

  const row = await saveWithImage(
    {
      file: fromCode ? undefined : input.imageFile,
      current: () => (existing ? (findRow(existing.id)?.image ?? null) : null),
      drop: dropImage,
    },
    (image, stored) => {
      // The banner's own size: the new picture's, the pasted code's, else what it had (a kept picture).
      const size = stored ?? (fromCode ? fromCode.size : null) ?? (image && existing?.image === image ? existing : null);
      const values = {
        name: input.name,
        width: size?.width ?? null,
        height: size?.height ?? null,
        image,
        link: fromCode ? fromCode.link : (input.link ?? null),
        imageUrl: fromCode ? fromCode.imageUrl : input.imageFile || dropImage ? null : demoPicture,
        frameUrl: fromCode ? fromCode.frameUrl : null,
        isView: input.isView,
        updatedAt: new Date().toISOString(),
      };
      if (!existing) {
        return insertOnTop(partnerAds, values, recordSubmission);
      }
      const written = db().update(partnerAds).set(values).where(eq(partnerAds.id, existing.id)).returning().get();
      // Deleted meanwhile: nothing is saved.
      if (!written) throw adNotFound();
      return written;
    },
  );
  contentChanged();
  return toSetting(row);
}

/** Swaps a banner with its neighbour in the rotation order (at either end, nothing moves). */
export function movePartnerAd(admin: Admin | null, id: number, direction: MoveDirection) {
  assertAdmin(admin);
  moveInList(partnerAds, id, direction, koServer.partnerAds.adNotFound);
}

/** Puts every banner in the given rotation order (all of them, each once). */
export function reorderPartnerAds(admin: Admin | null, ids: number[]) {
  assertAdmin(admin);
  reorderList(partnerAds, ids);
}

/** The list buttons: move up or down, show, hide, delete. Answers the flash message for the page. */
export async function runPartnerAdCommand(admin: Admin | null, id: number, command: PartnerAdCommand): Promise<string> {
  assertAdmin(admin);
  if (command === "delete") {
    await deleteWithImages([id], koServer.partnerAds.adNotFound, (ids) => {
      const deleted = db().delete(partnerAds).where(eq(partnerAds.id, ids[0]!)).returning({ image: partnerAds.image }).all();
      return { deleted: deleted.length, images: deleted.map((row) => row.image), result: deleted.length };
    });
    return koServer.partnerAds.adDeleted;
  }
  if (command === "up" || command === "down") {
    movePartnerAd(admin, id, command);
    return koServer.partnerAds.adMoved;
  }
  requireRow(id);
  db()
    .update(partnerAds)
    .set({ isView: command === "show", updatedAt: new Date().toISOString() })
    .where(eq(partnerAds.id, id))
    .run();
  contentChanged();
  return command === "show" ? koServer.partnerAds.adShown : koServer.partnerAds.adHidden;
}
