import { Picture } from "~/components/Picture";
import type { PartnerAd as PartnerAdItem } from "../ads.server";

/**
 * A partner ad, always with the affiliate disclosure beside it (docs/architecture.md §5), and nothing at all when
 * no banner is shown. A picture banner is a plain sponsored link through `/out/ad/{id}`; the frame
 * variant (the loader picks it, pickPartnerAd) fills the 236x197 box of the list pages with the
 * banner, its name and a call to action.
 * A widget banner is the partner's page in a sandboxed frame: scripts (the widget is one), its own
 * origin (its cookies), and popups that leave the sandbox (a tap opens the shop in a new tab).
 */
export function PartnerAd({ ad }: { ad: PartnerAdItem | null }) {
  if (!ad) return null;
  const { variant, label, box } = ad;
  return (
    <div className={`partner-ad partner-ad--${variant}`}>
      {ad.kind === "frame" ? (
        <iframe
          src={ad.frameUrl}
          title={label}
          {...box}
          loading="lazy"
          // The partner learns which site shows its banner (the origin), never the page or its search.
          referrerPolicy="strict-origin"
          sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
        />
      ) : (
        <a href={ad.href} target="_blank" rel="sponsored noopener noreferrer" className="partner-ad__link">
          <Picture picture={ad.picture} alt={label} {...box} />
          {variant === "frame" ? (
            <span className="partner-ad__text">
              <span className="partner-ad__name">{ad.name}</span>
              <span className="partner-ad__cta">{ad.cta}</span>
            </span>
          ) : null}
        </a>
      )}
      <p className="disclosure">{ad.disclosure}</p>
    </div>
  );
}
