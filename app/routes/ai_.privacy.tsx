import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ko } from "~/copy/ko";
import { ChatbotPrivacyPolicy } from "~/features/ai/components/ChatbotPrivacyPolicy";
import { chatbotSettings } from "~/features/ai/consent.server";
import { pageMeta } from "~/lib/seo";

export const meta: MetaFunction = (args) => pageMeta(args, { title: ko.aiPrivacy.title, description: ko.aiPrivacy.description });

export function loader() {
  return { provider: chatbotSettings()?.provider ?? ko.ai.unknownProvider };
}

export default function ChatbotPrivacyPage() {
  const { provider } = useLoaderData<typeof loader>();
  return <ChatbotPrivacyPolicy provider={provider} />;
}
