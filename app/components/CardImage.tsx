import { ko } from "~/copy/ko";

type CardImageProps = { className: string; src: string | null; alt: string; name: string; eager?: boolean };

/**
 * A card's square picture, or a drawn tile of the same size when there is none. The first card of a
 * list is the largest thing on a phone's first screen: it loads at once (`eager`), the rest when
 * scrolled near (docs/performance.md, "What keeps pages light").
 */
export function CardImage({ className, src, alt, name, eager = false }: CardImageProps) {
  return src ? (
    <img className={className} src={src} alt={alt} width={400} height={400} loading={eager ? "eager" : "lazy"} />
  ) : (
    <ImagePlaceholder className={className} name={name} />
  );
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
