import { useState } from "react";

/**
 * A reel's poster over its title on a calm tile. The title sits behind the picture, so a poster
 * that fails to load reveals it instead of a broken-image icon, before any script runs (an empty
 * alt draws nothing for a failed image). The picture is decorative: the reel's heading names it.
 * Once scripts run, a failed picture is taken out altogether.
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
          width={width}
          height={height}
          loading={lazy ? "lazy" : undefined}
          onError={() => setFailed(true)}
        />
      )}
    </div>
  );
}
