import { ko } from "~/copy/ko";
import type { PartnerAd as PartnerAdItem } from "../ads.server";

/** docs/product.md §9 sizes: a 320x50 banner; the product-page frame shows 236x197 of a 300x250 widget. */
const SIZES = {
  banner: { width: 320, height: 50 },
  frame: { width: 236, height: 197 },
} as const;

/**
 * A partner ad, always with the affiliate disclosure beside it (docs/architecture.md §5), and nothing at all when
 * no banner is shown. A picture banner is a plain sponsored link through `/out/ad/{id}`; the frame
 * variant fills the 236x197 box of the list pages with the banner, its name and a call to action.
 * A widget banner is the partner's page in a sandboxed frame: scripts (the widget is one), its own
 * origin (its cookies), and popups that leave the sandbox (a tap opens the shop in a new tab).
 */
export function PartnerAd({ ad, variant = "banner" }: { ad: PartnerAdItem | null; variant?: keyof typeof SIZES }) {
  if (!ad) return null;
  const label = `${ko.ads.prefix} ${ad.name}`;
  // Drawn at its own size and aspect ratio (a 120x240 widget stays tall), so nothing shifts as it loads.
  const { width, height } = ad.size ?? (ad.kind === "frame" ? SIZES[variant] : SIZES.banner);
  const box = { width, height, style: { aspectRatio: `${width} / ${height}` } };
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
          <img src={ad.src} alt={label} {...box} loading="lazy" />
          {variant === "frame" ? (
            <span className="partner-ad__text">
              <span className="partner-ad__name">{ad.name}</span>
              <span className="partner-ad__cta">{ad.coupang ? ko.ads.cta : ko.ads.ctaShop}</span>
            </span>
          ) : null}
        </a>
      )}
      <p className="disclosure">{ad.coupang ? ko.ads.disclosure : ko.ads.shopDisclosure}</p>
    </div>
  );
}

/** The disclosure alone, for the top of a page that carries affiliate links (visible without scrolling). */
export function AffiliateDisclosure() {
  return <p className="disclosure disclosure--top">{ko.ads.disclosure}</p>;
}
