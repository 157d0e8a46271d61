import { encodeInfo } from "~/lib/route-info";

/** The banner screen follows the upsert routes' convention (docs/architecture.md §3): tag "0" registers, any other tag edits `info`'s id. */
export const AD_REGISTER_PATH = "/site-settings/ad/0";

export function adEditPath(editTag: string, id: number) {
  return `/site-settings/ad/${editTag}/${encodeInfo({ id })}`;
}

export const SITE_SETTINGS_PATH = "/site-settings";

/** 사이트 정보, the site's identity: a screen of 사이트 설정 (DESIGN §10). */
export const SITE_IDENTITY_PATH = "/site-settings/identity";

/** The delete question for one banner, on the settings page (a page of its own without JavaScript). */
export function adDeletePath(id: number) {
  return `${SITE_SETTINGS_PATH}?delete=${id}`;
}
