import { and, eq } from "drizzle-orm";
import { ko } from "~/copy/ko";
import { db, preparedPerConnection } from "~/db/client.server";
import { partnerAds } from "~/db/schema";
import { frameUrlSize, type BannerSize } from "~/features/settings/partner-code.server";
import { AppError } from "~/lib/errors";
import { shownOrder } from "~/lib/list-order.server";
import type { Picture } from "~/lib/picture";
import { pictureOf } from "~/lib/pictures.server";
import { uploadUrl } from "~/lib/uploads.server";
import { BANNER_BOXES, type BannerVariant } from "./boxes";

/**
 * A shown banner: a picture linking out through the site's own `/out/ad/{id}` (which counts the
 * click and sends the visitor to the stored link), or the partner's widget in a frame.
 */
/**
 * `box`: the size it is drawn at, its own when known, else the variant's standard one (docs/product.md
 * §9), with that aspect ratio, so nothing shifts as it loads and a 120x240 widget stays tall. `label`:
 * its accessible name. Worked out here, so the browser's JavaScript carries none of it.
 */
export type PartnerAd = {
  id: number;
  name: string;
  label: string;
  box: BannerSize & { style: { aspectRatio: string } };
  variant: BannerVariant;
} & ({ kind: "image"; href: string; picture: Picture } | { kind: "frame"; frameUrl: string });

/** Every list page shows one. */
const shownAdsQuery = preparedPerConnection((database) =>
  database
    .select({
      id: partnerAds.id,
      name: partnerAds.name,
      link: partnerAds.link,
      image: partnerAds.image,
      imageUrl: partnerAds.imageUrl,
      frameUrl: partnerAds.frameUrl,
      width: partnerAds.width,
      height: partnerAds.height,
    })
    .from(partnerAds)
    .where(eq(partnerAds.isView, true))
    .orderBy(...shownOrder(partnerAds))
    .prepare(),
);

/**
 * The width a banner's picture is shown at (app/styles/ads.css), drawn in `box`: its own, at most the
 * content's (690 − 32 px at most); in the frame at most the frame's inside (236 − 2×12 − 2 px) and 240 px high.
 */
function bannerPictureSizes(variant: BannerVariant, { width, height }: { width: number; height: number }) {
  return variant === "frame" ? `${Math.min(210, Math.round((240 * width) / height), width)}px` : `min(${width}px, 100vw - 32px, 658px)`;
}

/**
 * Every shown banner takes its turn (issue 20: not only the first five): the one at the current
 * time modulo their count, in the owner's order, to stand as `variant`. Each comes with its own size
 * when it is known, and an uploaded picture with its sizes (a partner's picture address or a demo
 * picture is one file).
 */
export async function pickPartnerAd(variant: BannerVariant, now = Date.now()): Promise<PartnerAd | null> {
  // Only rows a banner can be made of take turns: a widget, or a picture with its link.
  const rows = shownAdsQuery()
    .all()
    .filter((row) => row.frameUrl || ((row.image || row.imageUrl) && row.link));
  const row = rows[now % rows.length];
  if (!row) return null;
  const size = row.width && row.height ? { width: row.width, height: row.height } : null;
  // Widgets saved before sizes were stored still name theirs in their address.
  const { width, height } = size ?? (row.frameUrl ? frameUrlSize(row.frameUrl) : null) ?? BANNER_BOXES[row.frameUrl ? variant : "banner"];
  const shown = { id: row.id, name: row.name, label: `${ko.ads.prefix} ${row.name}`, variant };
  const box = { width, height, style: { aspectRatio: `${width} / ${height}` } };
  if (row.frameUrl) return { ...shown, box, kind: "frame", frameUrl: row.frameUrl };
  const picture = await pictureOf(uploadUrl(row.image) ?? row.imageUrl ?? "", {
    sizes: bannerPictureSizes(variant, box),
    box: { width, height },
  });
  return { ...shown, box, kind: "image", href: `/out/ad/${row.id}`, picture };
}

/** Where a shown partner ad sends a visitor: its stored link, else a 404 (hidden, unlinked or missing ad). */
export function partnerAdLink(id: number): string {
  const ad = db()
    .select({ link: partnerAds.link })
    .from(partnerAds)
    .where(and(eq(partnerAds.id, id), eq(partnerAds.isView, true)))
    .get();
  if (!ad?.link) throw new AppError(404, "NOT_FOUND", ko.errors.notFound);
  return ad.link;
}
