import { Picture } from "~/components/Picture";
import type { Picture as Stored } from "~/lib/picture";

/**
 * A reel's poster over its title on a calm tile. The title sits behind the picture, and a failed
 * picture draws the title over its own box (data-title, CSS in components.css), so a poster that
 * fails to load shows the title instead of a broken-image icon before any script runs. The picture
 * is decorative (alt=""): the reel's heading names it. Once scripts run, a picture failing then is hidden.
 */
export function PosterFrame({ className, picture, title }: { className: string; picture: Stored; title: string }) {
  return (
    <div className={`${className} poster-frame`}>
      <span className="poster-frame__title" aria-hidden="true">
        {title}
      </span>
      <Picture
        className="poster-frame__image"
        picture={picture}
        alt=""
        data-title={title}
        onError={(event) => (event.currentTarget.hidden = true)}
      />
    </div>
  );
}
