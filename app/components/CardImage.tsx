import { ko } from "~/copy/ko";

/** A card's square picture, or a drawn tile of the same size when there is none. */
export function CardImage({ className, src, alt, name }: { className: string; src: string | null; alt: string; name: string }) {
  return src ? (
    <img className={className} src={src} alt={alt} width={400} height={400} loading="lazy" />
  ) : (
    <ImagePlaceholder className={className} name={name} />
  );
}

/**
 * What stands in for a missing picture: a picture icon and the item's first letter on the site's
 * warm palette. Decorative (the item's name is its heading), so hidden from screen readers.
 */
export function ImagePlaceholder({ className, name }: { className: string; name: string }) {
  const initial = Array.from(name.trim())[0] ?? "";
  return (
    <div className={`${className} image-placeholder`} aria-hidden="true">
      <svg className="image-placeholder__icon" viewBox="0 0 24 24" width="28" height="28">
        <g fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
          <rect x="3" y="4" width="18" height="16" rx="3" />
          <circle cx="9" cy="10" r="2" />
          <path d="M4 18l5-5 4 4 3-3 4 4" />
        </g>
      </svg>
      <span className="image-placeholder__initial">{initial}</span>
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
