import type { ImgHTMLAttributes } from "react";
import type { Picture as Stored } from "~/lib/picture";

/**
 * A stored picture in the size and format the browser picks (its sizes in AVIF and WebP), else the
 * file itself; what the server decided (app/lib/pictures.server.ts) with the caller's own attributes over it.
 */
export function Picture({ picture, ...img }: { picture: Stored; alt: string } & ImgHTMLAttributes<HTMLImageElement>) {
  return (
    <picture>
      {picture.sources.map((source) => (
        <source key={source.type} {...source} />
      ))}
      {/* eslint-disable-next-line jsx-a11y/alt-text -- `alt` is a required prop, passed on with the rest. */}
      <img {...picture.img} {...img} />
    </picture>
  );
}
