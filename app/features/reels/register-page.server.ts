import { parseWithZod } from "@conform-to/zod/v4";
import { instagramConnection } from "~/features/instagram/token.server";
import { refusalOf } from "~/lib/errors";
import { orNotFoundPage } from "~/lib/page.server";
import { decodeInfo, positiveId } from "~/lib/route-info";
import type { Admin } from "~/lib/session.server";
import { getCategory } from "./categories.server";
import { listInstaMedia, type PickerMedia } from "./reel-writes.server";
import { instaFilterSchema } from "./schema";

// The register screen of a reel (/reels-upsert/0/{info}): the category its link names and the
// account's Instagram videos to pick from, filtered by the page's own query (a plain GET form).

/** The category a register link names (`info` carries title and reelsCategoryId); anything else is the 404 page. */
export function registerCategory(admin: Admin, infoParam: string | undefined) {
  const id = positiveId(decodeInfo(infoParam)?.reelsCategoryId);
  if (id === null) throw new Response("Not found", { status: 404 });
  return orNotFoundPage(() => getCategory(admin, id));
}

/** The picker: the filter as she set it (with its errors), the videos it leaves, or why Instagram could not be asked. */
export async function registerPicker(admin: Admin, request: Request) {
  const search = new URL(request.url).searchParams;
  const filter = parseWithZod(search, { schema: instaFilterSchema });
  let picker: { media: PickerMedia[]; filedCount: number | null } = { media: [], filedCount: null };
  let mediaError: string | null = null;
  if (filter.status === "success") {
    try {
      picker = await listInstaMedia(admin, filter.value);
    } catch (error) {
      mediaError = refusalOf(error).message;
    }
  }
  return {
    values: {
      regDateFilter: search.get("regDateFilter") ?? "",
      endDateFilter: search.get("endDateFilter") ?? "",
      // The boxes show what the filter applied (checkedFilter=false is not "on").
      checkedFilter: filter.status === "success" ? filter.value.checkedFilter : search.has("checkedFilter"),
      checkedAscFilter: filter.status === "success" ? filter.value.checkedAscFilter : search.has("checkedAscFilter"),
    },
    filterErrors: filter.status === "error" ? (filter.error ?? {}) : {},
    filterRefused: filter.status === "error",
    media: picker.media,
    filedCount: picker.filedCount,
    mediaError,
    instagram: instagramConnection(admin),
  };
}
