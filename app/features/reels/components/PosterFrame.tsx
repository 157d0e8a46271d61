import { useState } from "react";

/**
 * A reel's poster over its title on a calm tile. The title sits behind the picture, and a failed
 * picture draws the title over its own box (data-title, CSS in components.css), so a poster that
 * fails to load shows the title instead of a broken-image icon before any script runs. The picture
 * is decorative (alt=""): the reel's heading names it. Once scripts run, a picture failing then is taken out.
 */
export function PosterFrame({
  className,
  src,
  title,
  width,
  height,
  lazy = false,
}: {
  className: string;
  src: string;
  title: string;
  width: number;
  height: number;
  lazy?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={`${className} poster-frame`}>
      <span className="poster-frame__title" aria-hidden="true">
        {title}
      </span>
      {failed ? null : (
        <img
          className="poster-frame__image"
          src={src}
          alt=""
          data-title={title}
          width={width}
          height={height}
          loading={lazy ? "lazy" : undefined}
          onError={() => setFailed(true)}
        />
      )}
    </div>
  );
}
