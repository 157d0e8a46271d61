import { koServer } from "~/copy/ko-server.server";
import { AppError } from "~/lib/errors";
import { sanitizeHtml } from "~/lib/sanitize-html.server";
import { allowedUrl, isBannerLink, isPartnerFrame, isPartnerImage } from "./allowlists";

/** What a partner's banner code comes down to; the code itself is never stored or rendered. */
export type PartnerBanner = ({ link: string; imageUrl: string; frameUrl: null } | { link: null; imageUrl: null; frameUrl: string }) & {
  /** The size the code gives the banner (its width/height attributes, or a widget address's parameters). */
  size: BannerSize | null;
};

export type BannerSize = { width: number; height: number };

function sizeOf(width: string | null | undefined, height: string | null | undefined): BannerSize | null {
  const [w, h] = [Number(width), Number(height)];
  return Number.isInteger(w) && Number.isInteger(h) && w > 0 && h > 0 && w <= 2000 && h <= 2000 ? { width: w, height: h } : null;
}

function refused(message: string): AppError {
  return new AppError(400, "VALIDATION", message, { code: [message] });
}

/** A widget's size when its address names one (Coupang's widgets.html does). */
export function frameUrlSize(frameUrl: string): BannerSize | null {
  const params = new URL(frameUrl).searchParams;
  return sizeOf(params.get("width"), params.get("height"));
}

/**
 * Reads Coupang Partners' banner code strictly: exactly `<a href><img src></a>` or one
 * `<iframe src>`, with nothing else around it (no other tag, no text), every address https, the
 * picture and the widget on the partner allowlist (the link may go anywhere, as an uploaded
 * banner's may), kept as the browser reads it (the parsed href). Anything else is refused
 * with the reason, in Korean.
 */
export function parsePartnerCode(code: string): PartnerBanner {
  const tags: { name: string; attributes: Record<string, string> }[] = [];
  // sanitize-html (htmlparser2) tokenises like a browser, entities in attributes decoded; with no
  // tag allowed, what it returns is the code's bare text.
  const text = sanitizeHtml(code, {
    allowedTags: [],
    allowedAttributes: {},
    onOpenTag: (name, attributes) => tags.push({ name, attributes }),
  });
  const names = tags.map((tag) => tag.name).join(",");
  if (text.trim() !== "" || (names !== "a,img" && names !== "iframe")) throw refused(koServer.partnerAds.codeNotPartner);

  if (names === "iframe") {
    const frame = allowedUrl(tags[0]!.attributes.src?.trim() ?? "", isPartnerFrame);
    if (!frame) throw refused(koServer.partnerAds.codeBadFrame);
    const { width, height } = tags[0]!.attributes;
    return { link: null, imageUrl: null, frameUrl: frame.href, size: sizeOf(width, height) ?? frameUrlSize(frame.href) };
  }
  const link = allowedUrl(tags[0]!.attributes.href?.trim() ?? "", isBannerLink);
  const image = allowedUrl(tags[1]!.attributes.src?.trim() ?? "", isPartnerImage);
  if (!link) throw refused(koServer.partnerAds.codeBadLink);
  if (!image) throw refused(koServer.partnerAds.codeBadImage);
  return { link: link.href, imageUrl: image.href, frameUrl: null, size: sizeOf(tags[1]!.attributes.width, tags[1]!.attributes.height) };
}
