import { useEffect, useRef, useState } from "react";
import { PosterFrame } from "~/components/Picture";
import { ko } from "~/copy/ko";
import type { Picture } from "~/lib/picture";
import { useHydrated } from "~/lib/use-hydrated";
import type { ReelContent } from "../reel-links.server";

/**
 * The reel's video with its poster. Instagram's video links expire: when the video fails, the
 * player asks the server once for a fresh link; if that fails too, or Instagram withholds the video,
 * the page says so first (above the fold on a phone), then the link to the reel on Instagram, then
 * the poster as a small still picture that does not look like a video to play. A poster the server
 * found missing is never drawn (`picture` and `poster` are null): the 'not found' text of
 * docs/product.md §2 stands in its place from the first render; one that fails to load shows the
 * reel's title instead (PosterFrame). The video takes one file as its poster (`poster`, one of the
 * picture's sizes); the poster without the video is the picture in every size.
 */
export function ReelPlayer({ reel, picture, poster }: { reel: ReelContent; picture: Picture | null; poster: string | null }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [link, setLink] = useState(reel.link);
  const [failed, setFailed] = useState(false);
  const retried = useRef(false);
  // Only a video from the server's markup can have failed before the scripts ran. One that a client
  // navigation inserts is still choosing its source when effects run (networkState reads
  // NETWORK_NO_SOURCE for a moment), which is no failure; its errors reach onError below.
  const hydrated = useHydrated();
  const checkServerMarkup = useRef(!hydrated);

  async function onError() {
    if (retried.current) return setFailed(true);
    retried.current = true;
    try {
      const response = await fetch(`/api/reels/contents?reelsId=${reel.id}&failed=1`, { headers: { Accept: "application/json" } });
      const body = (await response.json()) as { reels?: { link: string | null } };
      const fresh = body.reels?.link ?? null;
      if (response.ok && fresh && fresh !== link) {
        setLink(fresh);
        return;
      }
    } catch {
      // The server could not be asked either: fall through to the message.
    }
    setFailed(true);
  }

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !checkServerMarkup.current) return;
    checkServerMarkup.current = false;
    // Its error event came before React listened: the video is left with no usable source.
    if (video.networkState === HTMLMediaElement.NETWORK_NO_SOURCE) void onError();
  });

  useEffect(() => {
    videoRef.current?.load();
  }, [link]);

  const unavailable = !link || failed;
  return (
    <div className="reel-player">
      {unavailable ? (
        <>
          <p className="reel-player__message reel-player__message--unavailable" role="status">
            {link ? ko.reels.notExistWithId(reel.mediaId) : ko.reels.withheld}
          </p>
          {reel.permalink ? (
            <a className="button button--primary" href={reel.permalink} rel="noopener noreferrer" target="_blank">
              {ko.reels.openInInstagram}
            </a>
          ) : null}
          {picture ? (
            <PosterFrame className="reel-player__poster reel-player__poster--still" picture={picture} title={reel.reelsNm} />
          ) : reel.image ? (
            <p className="reel-player__message">{ko.reels.imageNotFound(reel.mediaId)}</p>
          ) : null}
        </>
      ) : (
        <video
          ref={videoRef}
          className="reel-player__video"
          controls
          playsInline
          preload="metadata"
          poster={poster ?? undefined}
          width={540}
          height={960}
        >
          <source src={link} type="video/mp4" onError={onError} />
          {ko.reels.noVideoSupport}
        </video>
      )}
    </div>
  );
}
