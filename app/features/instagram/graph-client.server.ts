// The Instagram Graph API (Instagram API with Instagram Login, graph.instagram.com) for one token.
import * as z from "~/lib/zod";
import type { InstagramClient } from "./client.server";
import { CODE_NOT_FOUND, CODE_TOKEN, GraphError, toAppError, tokenInvalid } from "./errors.server";
import { graphBase, graphGet, graphUrl } from "./graph-http.server";
import { graphMedia, graphPage, MEDIA_FIELDS, mediaItemsOf, toMediaItem } from "./media.server";

const PAGE_LIMIT = 50;
const MAX_PAGES = 40;

const meResponse = z.object({ username: z.string().optional() });

const refreshResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().positive(),
});

/** paging.next only when it stays on the Graph API's origin: the token goes nowhere else. */
function nextPageUrl(next: string | undefined, origin: string): URL | null {
  if (!next) return null;
  try {
    const url = new URL(next);
    if (url.origin !== origin || (url.protocol !== "https:" && url.protocol !== "http:")) {
      console.warn(`[instagram] paging.next on another origin (${url.origin}) not followed`);
      return null;
    }
    return url;
  } catch {
    return null;
  }
}

export function graphClient(token: string): InstagramClient {
  return {
    isDemo: false,

    async username() {
      try {
        const parsed = meResponse.safeParse(await graphGet(graphUrl("/me", { fields: "user_id,username" }), token));
        return parsed.success ? (parsed.data.username ?? null) : null;
      } catch (error) {
        if (error instanceof GraphError && (error.error.code === CODE_TOKEN || error.error.type === "OAuthException")) {
          throw tokenInvalid();
        }
        throw toAppError(error, token);
      }
    },

    async renewToken() {
      try {
        const body = await graphGet(graphUrl("/refresh_access_token", { grant_type: "ig_refresh_token" }), token);
        const parsed = refreshResponse.safeParse(body);
        if (!parsed.success) throw new Error("refresh_access_token answered without access_token/expires_in");
        return { token: parsed.data.access_token, expiresInSeconds: parsed.data.expires_in };
      } catch (error) {
        throw toAppError(error, token);
      }
    },

    /** Follows paging.next (40 pages at most). */
    async *mediaPages() {
      let url: URL | null = graphUrl("/me/media", { fields: MEDIA_FIELDS, limit: String(PAGE_LIMIT) });
      const origin = graphBase().origin;
      for (let count = 0; url && count < MAX_PAGES; count++) {
        let page: z.infer<typeof graphPage>;
        try {
          const parsed = graphPage.safeParse(await graphGet(url, token));
          if (!parsed.success) throw new Error("/me/media answered without a data array");
          page = parsed.data;
        } catch (error) {
          throw toAppError(error, token);
        }
        yield mediaItemsOf(page);
        url = nextPageUrl(page.paging?.next, origin);
      }
    },

    async media(mediaId) {
      try {
        const body = await graphGet(graphUrl(`/${mediaId}`, { fields: MEDIA_FIELDS }), token);
        const raw = graphMedia.safeParse(body);
        if (!raw.success) throw new Error("/{media-id} answered without id/timestamp");
        return toMediaItem(raw.data);
      } catch (error) {
        if (error instanceof GraphError && error.error.code === CODE_NOT_FOUND) return null;
        throw toAppError(error, token);
      }
    },
  };
}
