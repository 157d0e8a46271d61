// What a page gets to show a stored picture (app/lib/pictures.server.ts makes it, app/components/Picture.tsx shows it).

/**
 * A picture as the server decided to show it: its sizes by type, AVIF first, each with the width the
 * layout gives the picture (`sizes`; none for a picture stored before sizes were made, or animated);
 * and the `<img>`: the file itself (what every browser can show), its size when known, and how it
 * loads (lazily, or, for the largest picture of the first screen, at once and first). Decided on the
 * server so the browser's JavaScript carries none of it (public pages have 100 KiB).
 */
export type Picture = {
  sources: { type: string; srcSet: string; sizes: string }[];
  img: { src: string; width?: number; height?: number; loading?: "lazy"; fetchpriority?: "high" };
};
