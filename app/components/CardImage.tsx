import { ko } from "~/copy/ko";
import type { Picture as Stored } from "~/lib/picture";
import { Picture } from "./Picture";

type CardImageProps = { className: string; picture: Stored | null; alt: string; name: string };

/** A card's square picture, or a drawn tile of the same size when there is none. */
export function CardImage({ className, picture, alt, name }: CardImageProps) {
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

/** The name line of a card, marked when the item is hidden from visitors. */
export function CardName({ as: Heading, className, name, hidden }: { as: "h2" | "h3"; className: string; name: string; hidden: boolean }) {
  return (
    <Heading className={className}>
      {name}
      {hidden ? <span className="badge">{ko.list.hidden}</span> : null}
    </Heading>
  );
}
