import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PrivacyPolicy } from "~/features/privacy/components/PrivacyPolicy";
import { privacyMeta } from "~/features/privacy/meta";
import { privacyPolicyPage } from "~/features/privacy/privacy.server";
import { routeFacts } from "~/lib/route-facts";
import privacyStyles from "~/styles/privacy.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: privacyStyles }];

export const handle = routeFacts({ access: "public", cache: true, sitemap: true, jsBudgetKiB: 100 });

export const loader = () => ({ html: privacyPolicyPage("phonefinder") });

export const meta: MetaFunction<typeof loader> = (args) => privacyMeta(args, "phonefinder", args.data?.html);

export default function PrivacyPage() {
  const { html } = useLoaderData<typeof loader>();
  return <PrivacyPolicy app="phonefinder" html={html} />;
}
