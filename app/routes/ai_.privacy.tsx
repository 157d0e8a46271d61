import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ChatbotPrivacyPolicy } from "~/features/ai/components/ChatbotPrivacyPolicy";
import { chatbotPrivacyPolicy } from "~/features/ai/privacy.server";
import { routeFacts } from "~/lib/route-facts";
import { pageMeta } from "~/lib/seo";
import privacyStyles from "~/styles/privacy.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: privacyStyles }];

export const handle = routeFacts({ access: "public", cache: true, sitemap: true, jsBudgetKiB: 100 });

export const loader = () => ({ policy: chatbotPrivacyPolicy() });

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { title: args.data?.policy.title, description: args.data?.policy.description });

export default function ChatbotPrivacyPage() {
  const { policy } = useLoaderData<typeof loader>();
  return <ChatbotPrivacyPolicy text={policy} />;
}
