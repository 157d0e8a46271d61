import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { ko } from "~/copy/ko";
import { pageMeta } from "~/lib/seo";

import { PrivacyPolicy } from "./components/PrivacyPolicy";
import { loadPrivacyPolicy, type PrivacyApp } from "./privacy.server";

const PRIVACY_EFFECTIVE_DATE = "2025-07-22";

const DESCRIPTION_MAX = 155;

/** Plain text of the first <p> of the policy, trimmed for a meta description. */
function policyDescription(html: string): string | undefined {
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

/** Loader, meta and page component for one app's privacy-policy route. */
export function privacyRoute(app: PrivacyApp) {
  const title = ko.privacy[app];

  const loader = async (_args: LoaderFunctionArgs) => {
    return { html: loadPrivacyPolicy(app) };
  };

  const meta: MetaFunction<typeof loader> = (args) =>
    pageMeta(args, { title, description: (args.data && policyDescription(args.data.html)) ?? title });

  function Component() {
    const { html } = useLoaderData<typeof loader>();
    return <PrivacyPolicy title={title} html={html} effectiveDate={PRIVACY_EFFECTIVE_DATE} />;
  }
  Component.displayName = `PrivacyRoute(${app})`;

  return { loader, meta, Component };
}
