import { useEffect, useRef, useState } from "react";
import { ko } from "~/copy/ko";
import type { ChatbotSettings } from "../consent.server";

/** SPEC §9: the chat area shows after 700 ms; no chat frame within 5,000 ms means the connection failed. */
const SHOW_AFTER_MS = 700;
const FAIL_AFTER_MS = 5_000;

function randomUserId() {
  return `visitor-${crypto.randomUUID()}`;
}

/** Loads the third-party chatbot (only ever rendered after consent). */
export function Chatbot({ settings }: { settings: ChatbotSettings }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "shown" | "failed">("loading");

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const userId = randomUserId();
    const script = document.createElement("script");
    script.src = settings.scriptUrl;
    script.async = true;
    if (settings.botId) {
      script.dataset.botId = settings.botId;
      script.setAttribute("chatbotId", settings.botId);
    }
    script.dataset.userId = userId;
    (window as Window & { chatbotConfig?: object }).chatbotConfig = { botId: settings.botId, userId, container: container.id };
    document.body.appendChild(script);
    const show = setTimeout(() => setState((current) => (current === "loading" ? "shown" : current)), SHOW_AFTER_MS);
    const check = setTimeout(() => {
      if (!document.querySelector(`#${container.id} iframe, iframe[src^="${new URL(settings.scriptUrl).origin}"]`)) setState("failed");
    }, FAIL_AFTER_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(check);
      script.remove();
    };
  }, [settings]);

  return (
    <div className="chatbot">
      <div
        id="chatbot-area"
        ref={containerRef}
        className="chatbot__area"
        hidden={state === "loading"}
        aria-label={ko.ai.chatRegion}
        role="region"
      />
      {state === "loading" ? <p className="chatbot__status">{ko.ai.loading}</p> : null}
      {state === "failed" ? (
        <p className="chatbot__status chatbot__status--error" role="alert">
          {ko.ai.connectionLost}
        </p>
      ) : null}
    </div>
  );
}
