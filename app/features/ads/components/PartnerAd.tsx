import { ko } from "~/copy/ko";
import type { PartnerAd as PartnerAdItem } from "../ads.server";

/** SPEC §9 sizes: a 320x50 banner; the product-page frame shows 236x197 of a 300x250 widget. */
const SIZES = {
  banner: { width: 320, height: 50 },
  frame: { width: 236, height: 197 },
} as const;

/**
 * A partner ad as a plain sponsored link and image (it needs no partner script to show), always
 * with the affiliate disclosure beside it (DESIGN §5). The frame variant fills the 236x197 box of
 * the product pages with the banner, the product name and a call to action.
 */
export function PartnerAd({ ad, variant = "banner" }: { ad: PartnerAdItem | null; variant?: keyof typeof SIZES }) {
  if (!ad) return null;
  const banner = SIZES.banner;
  return (
    <div className={`partner-ad partner-ad--${variant}`}>
      <a href={ad.link} target="_blank" rel="sponsored noopener noreferrer" className="partner-ad__link">
        <img src={ad.src} alt={`${ko.ads.prefix} ${ad.name}`} width={banner.width} height={banner.height} loading="lazy" />
        {variant === "frame" ? (
          <span className="partner-ad__text">
            <span className="partner-ad__name">{ad.name}</span>
            <span className="partner-ad__cta">{ko.ads.cta}</span>
          </span>
        ) : null}
      </a>
      <p className="disclosure">{ko.ads.disclosure}</p>
    </div>
  );
}

/** The disclosure alone, for the top of a page that carries affiliate links (visible without scrolling). */
export function AffiliateDisclosure() {
  return <p className="disclosure disclosure--top">{ko.ads.disclosure}</p>;
}
