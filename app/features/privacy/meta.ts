import type { MetaArgs } from "@remix-run/node";

import { ko } from "~/copy/ko";
import { pageMeta } from "~/lib/seo";

import type { PrivacyApp } from "./privacy.server";

export const PRIVACY_EFFECTIVE_DATE = "2025-07-22";

const DESCRIPTION_MAX = 155;

/** Plain text of the first <p> of the policy, trimmed for a meta description. */
export function policyDescription(html: string): string | undefined {
  const first = /<p>([\s\S]*?)<\/p>/.exec(html)?.[1];
  if (!first) return undefined;
  const text = first
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
  if (!text) return undefined;
  return text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1)}…` : text;
}

/** Title and description of one app's privacy-policy page, the description taken from the policy itself. */
export function privacyMeta(args: MetaArgs, app: PrivacyApp, html: string | undefined) {
  const title = ko.privacy[app];
  return pageMeta(args, { title, description: (html && policyDescription(html)) ?? title });
}
