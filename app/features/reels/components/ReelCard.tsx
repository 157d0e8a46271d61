import { ko } from "~/copy/ko";
import type { ReelItem } from "../reel-lists.server";
import { PosterFrame } from "./PosterFrame";

/**
 * A reel's poster card. A poster the server found missing is the 'not found' box from the first
 * render (with or without JavaScript); one that fails to load shows the reel's title in its place.
 */
export function ReelCard({ item }: { item: ReelItem & { posterMissing?: boolean } }) {
  return (
    <div className="reel-card">
      {item.image && !item.posterMissing ? (
        <PosterFrame className="reel-card__image" src={item.image} title={item.reelsNm} width={270} height={480} lazy />
      ) : (
        <div className="reel-card__image reel-card__image--missing" role="img" aria-label={ko.reels.imageNotFound(item.mediaId)}>
          <span>{ko.reels.imageNotFound(item.mediaId)}</span>
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
