import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ko } from "~/copy/ko";
import { koAi } from "~/copy/ko-ai";
import { pickPartnerAd } from "~/features/ads/ads.server";
import { PartnerAd } from "~/features/ads/components/PartnerAd";
import { Chatbot } from "~/features/ai/components/Chatbot";
import { ChatbotPreparing, type PreparingLink } from "~/features/ai/components/ChatbotPreparing";
import { ConsentGate } from "~/features/ai/components/ConsentGate";
import { chatbotSettings, CONSENTED_CACHE_CONTROL, forgetAiConsent, hasAiConsent, rememberAiConsent } from "~/features/ai/consent.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { readPageForm } from "~/lib/page.server";
import { routeFacts } from "~/lib/route-facts";
import { pageMeta } from "~/lib/seo";
import { useHydrated } from "~/lib/use-hydrated";
import { useRootData } from "~/root";
import adsStyles from "~/styles/ads.css";
import aiStyles from "~/styles/ai.css";
import formsStyles from "~/styles/forms.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formsStyles },
  { rel: "stylesheet", href: adsStyles },
  { rel: "stylesheet", href: aiStyles },
];

export const handle = routeFacts({ access: "public", cache: true, sitemap: true, jsBudgetKiB: 100, body: "small" });

export const meta: MetaFunction = (args) => pageMeta(args, { title: koAi.title, description: ko.home.aiDescription });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const consented = await hasAiConsent(request);
  const page = { consented, chatbot: chatbotSettings(), ad: await pickPartnerAd({ context, request }, "banner") };
  return consented ? data(page, { headers: { "Cache-Control": CONSENTED_CACHE_CONTROL } }) : page;
}

/** The document carries the loader's Cache-Control: a consented render is never stored by a shared cache. */
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
};

/**
 * Consent is a plain form post (works without JavaScript); cancel goes home (docs/product.md §4);
 * 동의 철회 (`intent=withdraw`) clears the consent, and the page asks again.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readPageForm(request);
  if (form.get("intent") === "cancel") return redirect("/");
  if (form.get("intent") === "withdraw") {
    return redirectWithFlash("/ai", { message: koAi.withdrawn }, { headers: { "Set-Cookie": await forgetAiConsent(request) } });
  }
  if (form.get("agree") !== "on") return data({ error: koAi.mustAgree }, { status: 400 });
  // Nothing to agree to while no chatbot is configured: the page shows the 준비 중 card.
  if (!chatbotSettings()) return redirect("/ai");
  return redirect("/ai", { headers: { "Set-Cookie": await rememberAiConsent(request) } });
}

/** docs/product.md §9: the on-screen keyboard is up when the visual viewport is more than 100 px shorter. */
const KEYBOARD_THRESHOLD_PX = 100;

function useKeyboardOpen() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const fullHeight = window.innerHeight;
    const update = () => setOpen(fullHeight - viewport.height > KEYBOARD_THRESHOLD_PX);
    viewport.addEventListener("resize", update);
    return () => viewport.removeEventListener("resize", update);
  }, []);
  return open;
}

/** Where a parent can go while the chatbot is not set up: the reels and products menus, as the owner named and showed them. */
function usePreparingLinks(): PreparingLink[] {
  const menu = useRootData()?.menu;
  if (!menu) return [];
  const links: PreparingLink[] = [];
  if (menu.isViewFlags.reels) links.push({ to: "/reels-category", label: menu.reelsMenuNm });
  if (menu.isViewFlags.products) links.push({ to: "/product-list", label: menu.productsMenuNm });
  return links.length > 0 ? links : [{ to: "/", label: ko.common.goHome }];
}

export default function Ai() {
  const { consented, chatbot, ad } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const keyboardOpen = useKeyboardOpen();
  const preparingLinks = usePreparingLinks();
  return (
    <section className={keyboardOpen ? "ai ai--keyboard" : "ai"}>
      <h1 className="ai__title">{koAi.title}</h1>
      <div className="ai__body">
        {!chatbot ? (
          <ChatbotPreparing links={preparingLinks} />
        ) : !consented ? (
          <ConsentGate provider={chatbot.provider} error={actionData?.error ?? null} />
        ) : hydrated ? (
          <Chatbot settings={chatbot} />
        ) : (
          <p className="ai__notice">{koAi.needsScript}</p>
        )}
      </div>
      {chatbot ? <p className="ai__hint">{koAi.hint}</p> : null}
      {consented ? (
        <Form method="post" className="ai__withdraw">
          <button type="submit" name="intent" value="withdraw" className="button button--small">
            {koAi.withdraw}
          </button>
        </Form>
      ) : null}
      <div className="ai__ad">
        <PartnerAd ad={ad} />
      </div>
    </section>
  );
}
