import { Form, Link, useNavigation } from "@remix-run/react";
import { OrderButtons } from "~/components/OrderButtons";
import { ko } from "~/copy/ko";
import { koAdmin } from "~/copy/ko-admin";
import { adDeletePath } from "../paths";

export type PartnerAdListItem = {
  index: number;
  name: string;
  source: "upload" | "code";
  image: string | null;
  frameUrl: string | null;
  isView: boolean;
  editHref: string;
};

/** Where the list's buttons post (`/site-settings/ads`): one small form per banner, so each works without JavaScript. */
export const AD_COMMAND_ACTION = "/site-settings/ads";

/**
 * The banners in rotation order, each with its state and plain buttons: 위로/아래로 (moved in place
 * with JavaScript, the focus kept; without it the page comes back to the banner, `#item-{id}`), show
 * or hide, edit, and delete (which asks first, on the settings page).
 */
export function PartnerAdList({ ads }: { ads: PartnerAdListItem[] }) {
  const busy = useNavigation().state === "submitting";
  if (ads.length === 0) return <p className="hint">{koAdmin.siteSettings.noAds}</p>;
  return (
    <ol className="ad-settings">
      {ads.map((ad, position) => (
        <li
          key={ad.index}
          id={`item-${ad.index}`}
          className={ad.isView ? "ad-settings__item" : "ad-settings__item ad-settings__item--hidden"}
        >
          <div className="ad-settings__preview">
            {ad.image ? (
              <img src={ad.image} alt="" width={160} height={25} loading="lazy" />
            ) : (
              <span className="ad-settings__widget">{ad.frameUrl ? new URL(ad.frameUrl).host : ""}</span>
            )}
          </div>
          <p className="ad-settings__name">
            <strong>{ad.name}</strong>{" "}
            <span className="ad-settings__meta">
              {ad.frameUrl ? koAdmin.siteSettings.kindFrame : koAdmin.siteSettings.kindImage} ·{" "}
              {ad.isView ? koAdmin.siteSettings.shown : koAdmin.siteSettings.hidden}
            </span>
          </p>
          <OrderButtons
            action={AD_COMMAND_ACTION}
            id={ad.index}
            name={ad.name}
            isFirst={position === 0}
            isLast={position === ads.length - 1}
          />
          <Form method="post" action={AD_COMMAND_ACTION} className="ad-settings__actions">
            <input type="hidden" name="index" value={ad.index} />
            <button
              type="submit"
              name="command"
              value={ad.isView ? "hide" : "show"}
              className="button button--small"
              disabled={busy}
              aria-label={ad.isView ? koAdmin.siteSettings.hideAd(ad.name) : koAdmin.siteSettings.showAd(ad.name)}
            >
              {ad.isView ? koAdmin.siteSettings.hide : koAdmin.siteSettings.publish}
            </button>
            <Link to={ad.editHref} className="button button--small" aria-label={koAdmin.siteSettings.editAd(ad.name)}>
              {ko.common.edit}
            </Link>
            <Link
              to={adDeletePath(ad.index)}
              className="button button--small button--danger"
              aria-label={koAdmin.siteSettings.deleteAdOf(ad.name)}
            >
              {ko.common.delete}
            </Link>
          </Form>
        </li>
      ))}
    </ol>
  );
}
