// Shapes the reel screens and the API share; no server code, so components may import them.

/** docs/product.md §3 "social media item from server", mapped for the reel screens and the API. */
export type InstaMedia = {
  id: string;
  mediaId: string;
  /** thumbnail_url (the poster); Instagram's CDN link, it expires. */
  image: string | null;
  /** When it was posted, 'yyyy-MM-dd HH:mm:ss' in Korea time. */
  instaRegDate: string;
  /** When it was posted, UTC ISO-8601. */
  timestamp: string;
  /** media_url (the video); absent when Instagram withholds it (copyrighted audio). */
  link: string | null;
  caption: string;
  permalink: string | null;
  /** Only videos (reels) can be registered; image and carousel posts cannot. */
  isVideo: boolean;
};

export type InstagramStatus = {
  configured: boolean;
  demo: boolean;
  username: string | null;
  expiresAt: string | null;
};
