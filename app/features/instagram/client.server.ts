// What the site asks of Instagram, answered by the Graph API (graph-client.server.ts) or by the
// sample feed (demo-client.server.ts). Which one serves a token is decided once, in token.server.ts.
import type { MediaItem } from "./media.server";

/** The token that makes the site read the sample feed in content/demo instead of Instagram. */
export const DEMO_TOKEN = "DEMO";

export type RenewedToken = { token: string; expiresInSeconds: number };

/** Every method fails with an AppError the doors can answer with. */
export interface InstagramClient {
  /** The sample feed: its token is never checked with Instagram and never expires. */
  readonly isDemo: boolean;
  /** The account's username; INSTAGRAM_TOKEN_INVALID when Instagram refuses the token. */
  username(): Promise<string | null>;
  /** A new long-lived token in exchange for this one (Instagram's refresh_access_token). */
  renewToken(): Promise<RenewedToken>;
  /** The account's media, page by page, newest first. */
  mediaPages(): AsyncIterable<MediaItem[]>;
  /** One media by id; null when Instagram has no such media. */
  media(mediaId: string): Promise<MediaItem | null>;
}
