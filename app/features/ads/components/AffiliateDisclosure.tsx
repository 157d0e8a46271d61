import { ko } from "~/copy/ko";

/**
 * The disclosure alone, for the top of a page that carries affiliate links (visible without
 * scrolling). A file of its own: only the product list shows it, and the pages with a banner alone
 * (PartnerAd) do not load it.
 */
export function AffiliateDisclosure() {
  return <p className="disclosure disclosure--top">{ko.ads.disclosure}</p>;
}
