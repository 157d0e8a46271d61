import { koServer } from "~/copy/ko-server.server";
import { getHomeMenu } from "~/features/home/home.server";
import { currentSiteIdentity } from "~/features/settings/site-settings.server";

import { publishedGuides } from "./guides.server";
import { guidePath } from "./paths";
import { sectionShown } from "./visibility.server";

// The RSS 2.0 feed of the guides (/rss.xml), what Naver Search Advisor and feed readers take: the
// newest 50 a visitor can read now, announced on every page (root.tsx). A scheduled guide joins it at
// its minute, a hidden one never; the section hidden (/home-update), the feed is empty.

export const FEED_SIZE = 50;
export const FEED_PATH = "/rss.xml";

function escapeXml(value: string) {
  // Only characters XML 1.0 allows (a guide's text has no controls but TAB and LF; the rest is defence).

  return (
    value
      // eslint-disable-next-line no-control-regex -- dropping what XML cannot carry
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
      .replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)
  );
}

/** RFC 822 dates, as RSS 2.0 wants them ("Mon, 02 Jun 2025 00:00:00 GMT"). */
function rfc822(iso: string) {
  return new Date(iso).toUTCString();
}

export function guidesFeedXml(origin: string, now = new Date()) {
  const rows = sectionShown() ? publishedGuides(now, FEED_SIZE) : [];
  const identity = currentSiteIdentity();
  const title = `${identity.name} · ${getHomeMenu().detailMenuNm}`;
  const channelLink = `${origin}/detail-category`;
  // Her profile picture is the feed's image (RSS 2.0 <image>: its address, the channel's title and link).
  const image = identity.profileImage
    ? [
        "    <image>",
        `      <url>${escapeXml(`${origin}${identity.profileImage}`)}</url>`,
        `      <title>${escapeXml(title)}</title>`,
        `      <link>${escapeXml(channelLink)}</link>`,
        "    </image>",
      ]
    : [];
  const items = rows
    .map(({ guide, categoryNm }) => {
      const link = `${origin}${guidePath({ index: guide.id })}`;
      return [
        "    <item>",
        `      <title>${escapeXml(guide.title)}</title>`,
        `      <link>${escapeXml(link)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
        `      <pubDate>${rfc822(guide.publishAt)}</pubDate>`,
        `      <category>${escapeXml(categoryNm)}</category>`,
        `      <description>${escapeXml(guide.summary || koServer.guides.sectionDescription)}</description>`,
        "    </item>",
      ].join("\n");
    })
    .join("\n");
  const newest = rows[0]?.guide.publishAt;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${escapeXml(title)}</title>`,
    `    <link>${escapeXml(channelLink)}</link>`,
    `    <description>${escapeXml(koServer.guides.sectionDescription)}</description>`,
    "    <language>ko</language>",
    `    <atom:link href="${escapeXml(`${origin}${FEED_PATH}`)}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [`    <lastBuildDate>${rfc822(newest)}</lastBuildDate>`] : []),
    ...image,
    ...(items ? [items] : []),
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
