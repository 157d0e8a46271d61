import { ko } from "~/copy/ko";

/** A card's square picture, or an empty tile of the same size when there is none. */
export function CardImage({ className, src, alt }: { className: string; src: string | null; alt: string }) {
  return src ? (
    <img className={className} src={src} alt={alt} width={400} height={400} loading="lazy" />
  ) : (
    <div className={`${className} ${className}--empty`} aria-hidden="true" />
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
