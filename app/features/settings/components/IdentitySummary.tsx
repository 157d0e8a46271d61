import { Link } from "@remix-run/react";
import { SITE_IDENTITY_PATH } from "../paths";

type Identity = {
  siteName: string | null;
  siteHandle: string | null;
  profileImage: string | null;
  footerLinks: { label: string }[];
  privacyContact: string | null;
};

/**
 * 사이트 정보 on 사이트 설정: whose site visitors see (name, picture, handle, the footer's links, the
 * privacy contact) at a glance, and the way to its screen. `shownName` is the name in force (a site
 * never named has a neutral one).
 */
/** Its words, from the loader's data (koServer.siteIdentity). */
type SummaryWords = { title: string; edit: string; noLinks: string; noContact: string };

export function IdentitySummary({ identity, shownName, words }: { identity: Identity; shownName: string; words: SummaryWords }) {
  return (
    <section className="card settings-section identity-summary" aria-labelledby="identity-title">
      <h2 id="identity-title" className="settings-section__title">
        {words.title}
      </h2>
      <div className="identity-summary__who">
        {identity.profileImage ? (
          <img src={identity.profileImage} alt="" width={48} height={48} className="identity-summary__picture" />
        ) : null}
        <p>
          <strong>{identity.siteName ?? shownName}</strong>
          {identity.siteHandle ? <span className="hint"> {identity.siteHandle}</span> : null}
        </p>
      </div>
      <p className="hint">{identity.footerLinks.length ? identity.footerLinks.map((link) => link.label).join(" · ") : words.noLinks}</p>
      <p className="hint">{identity.privacyContact ?? words.noContact}</p>
      <Link to={SITE_IDENTITY_PATH} className="button button--primary button--block">
        {words.edit}
      </Link>
    </section>
  );
}
