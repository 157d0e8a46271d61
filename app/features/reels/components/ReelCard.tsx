import { PosterFrame } from "~/components/Picture";
import { ko } from "~/copy/ko";
import type { Picture } from "~/lib/picture";
import type { ReelItem } from "../reel-lists.server";

/**
 * A reel's poster card. A poster the server found missing (no `picture`) is the 'not found' box from
 * the first render (with or without JavaScript); one that fails to load shows the reel's title in its place.
 */
export function ReelCard({ item }: { item: ReelItem & { picture: Picture | null } }) {
  const notFound = ko.reels.imageNotFound(item.mediaId);
  return (
    <div className="reel-card">
      {item.picture ? (
        <PosterFrame className="reel-card__image" picture={item.picture} title={item.reelsNm} />
      ) : (
        <div className="reel-card__image reel-card__image--missing" role="img" aria-label={notFound}>
          <span>{notFound}</span>
        </div>
      )}
      <div className="reel-card__body">
        <h2 className="reel-card__name">{item.reelsNm}</h2>
        <p className="reel-card__date">
          {ko.reels.instaRegDate} <time dateTime={item.instaRegDate.replace(" ", "T") + "+09:00"}>{item.instaRegDate}</time>
        </p>
      </div>
    </div>
  );
}
