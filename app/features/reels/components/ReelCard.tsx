import { useState } from "react";
import { ko } from "~/copy/ko";
import type { ReelItem } from "../reels.server";

/**
 * A reel's poster card. A poster the server found missing is the 'not found' box from the first
 * render (with or without JavaScript); one that fails to load later becomes that box too.
 */
export function ReelCard({ item }: { item: ReelItem & { posterMissing?: boolean } }) {
  const [broken, setBroken] = useState(false);
  return (
    <div className="reel-card">
      {item.image && !item.posterMissing && !broken ? (
        <img
          className="reel-card__image"
          src={item.image}
          alt={ko.reels.posterAlt(item.reelsNm)}
          width={270}
          height={480}
          loading="lazy"
          onError={() => setBroken(true)}
        />
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
