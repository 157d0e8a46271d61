import { ko } from "~/copy/ko";
import { koAdmin } from "~/copy/ko-admin";
import type { InstaMedia } from "~/features/instagram/types";

/**
 * An Instagram video to choose from (a radio button of the register form) or the one being edited;
 * `filedIn` names the categories it is already filed in.
 */
export function InstaItem({
  item,
  selectable,
  defaultChecked,
  filedIn = [],
}: {
  item: InstaMedia;
  selectable: boolean;
  defaultChecked?: boolean;
  filedIn?: string[];
}) {
  const body = (
    <>
      {item.image ? (
        <img className="insta-item__image" src={item.image} alt="" width={90} height={160} loading="lazy" referrerPolicy="no-referrer" />
      ) : (
        <div className="insta-item__image insta-item__image--missing" aria-hidden="true" />
      )}
      <span className="insta-item__text">
        <span className="insta-item__date">
          {ko.reels.instaRegDate} {item.instaRegDate}
        </span>
        {filedIn.length > 0 ? <span className="insta-item__filed">{koAdmin.picker.filedIn(filedIn)}</span> : null}
        <span className="insta-item__caption">{item.caption}</span>
      </span>
    </>
  );
  if (!selectable) return <div className="insta-item">{body}</div>;
  return (
    <label className="insta-item insta-item--selectable">
      <input type="radio" name="mediaId" value={item.mediaId} defaultChecked={defaultChecked} />
      {body}
    </label>
  );
}
