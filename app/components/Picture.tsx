import type { ImgHTMLAttributes } from "react";
import type { Picture as Stored } from "~/lib/picture";

// The ways a stored picture is drawn: as it is, on a card, as a reel's poster. One module, because
// every page that shows pictures loads them together: the build makes a file of each module pages
// share, and each file costs its imports again (about 110 bytes of gzip) on pages at their 100 KiB.

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

/** A card's square picture, or a drawn tile of the same size when there is none. */
export function CardImage({ className, picture, alt, name }: { className: string; picture: Stored | null; alt: string; name: string }) {
  return picture ? <Picture className={className} picture={picture} alt={alt} /> : <ImagePlaceholder className={className} name={name} />;
}

/**
 * What stands in for a missing picture: a picture icon and the item's first letter on the site's
 * warm palette, drawn by CSS. Decorative (the item's name is its heading), so hidden from screen readers.
 */
function ImagePlaceholder({ className, name }: { className: string; name: string }) {
  return (
    <div className={`${className} image-placeholder`} aria-hidden="true">
      {Array.from(name.trim())[0]}
    </div>
  );
}

/** The name line of a card, with a badge after it when there is one (the owner's 숨김 on an item hidden from visitors). */
export function CardName({
  as: Heading,
  className,
  name,
  badge,
}: {
  as: "h2" | "h3";
  className: string;
  name: string;
  badge: string | null;
}) {
  return (
    <Heading className={className}>
      {name}
      {badge ? <span className="badge">{badge}</span> : null}
    </Heading>
  );
}

/**
 * A reel's poster over its title on a calm tile. The title sits behind the picture, and a failed
 * picture draws the title over its own box (data-title, CSS in components.css), so a poster that
 * fails to load shows the title instead of a broken-image icon before any script runs. The picture
 * is decorative (alt=""): the reel's heading names it. Once scripts run, a picture failing then is hidden.
 */
export function PosterFrame({ className, picture, title }: { className: string; picture: Stored; title: string }) {
  return (
    <div className={`${className} poster-frame`}>
      <span className="poster-frame__title" aria-hidden="true">
        {title}
      </span>
      <Picture
        className="poster-frame__image"
        picture={picture}
        alt=""
        data-title={title}
        onError={(event) => (event.currentTarget.hidden = true)}
      />
    </div>
  );
}
