import { useEffect, useRef, useState } from "react";
import { koAi } from "~/copy/ko-ai";
import type { ChatbotSettings } from "../consent.server";

/** docs/product.md §9: the chat area shows after 700 ms; no chat frame within 5,000 ms means the connection failed. */
const SHOW_AFTER_MS = 700;
const FAIL_AFTER_MS = 5_000;

function randomUserId() {
  return `visitor-${crypto.randomUUID()}`;
}

type ChatState = "loading" | "ready" | "failed";

/**
 * Loads the third-party chatbot (only ever rendered after consent). Until the provider's chat frame
 * is there the visitor sees that it is loading; when it does not come, a 다시 시도 loads it afresh.
 */
export function Chatbot({ settings }: { settings: ChatbotSettings }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ChatState>("loading");
  const [areaShown, setAreaShown] = useState(false);
  // After a 다시 시도 the button is gone: focus follows what replaced it (the loading message, then
  // the chat or a new 다시 시도), so a keyboard or screen-reader user is not left on nothing.
  const retried = useRef(false);
  const statusRef = useRef<HTMLDivElement>(null);
  const retryRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!retried.current) return;
    if (state === "loading") statusRef.current?.focus();
    else if (state === "failed") retryRef.current?.focus();
    else if (areaShown) containerRef.current?.focus();
  }, [state, areaShown]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    // Some embeds put their frame into the area they are given, others float it on the page.
    const frameSelector = `#${container.id} iframe, iframe[src^="${new URL(settings.scriptUrl).origin}"]`;
    const hasFrame = () => document.querySelector(frameSelector) !== null;
    const watcher = new MutationObserver(() => {
      if (hasFrame()) setState("ready");
    });
    watcher.observe(document.body, { childList: true, subtree: true });

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
    const show = setTimeout(() => setAreaShown(true), SHOW_AFTER_MS);
    const check = setTimeout(() => {
      if (!hasFrame()) setState("failed");
    }, FAIL_AFTER_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(check);
      watcher.disconnect();
      script.remove();
      // A retry starts from an empty area, without what a late or half-loaded embed left in it.
      container.replaceChildren();
    };
  }, [settings, attempt]);

  function retry() {
    retried.current = true;
    setState("loading");
    setAreaShown(false);
    setAttempt((count) => count + 1);
  }

  return (
    <div className={`chatbot chatbot--${state}`}>
      {state === "loading" ? (
        <div ref={statusRef} tabIndex={-1} className="chatbot__status chatbot__status--loading" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>{koAi.loading}</span>
        </div>
      ) : null}
      {state === "failed" ? (
        <div className="chatbot__status chatbot__status--error">
          <p role="alert">{koAi.connectionLost}</p>
          <button ref={retryRef} type="button" className="button button--primary" onClick={retry}>
            {koAi.retry}
          </button>
        </div>
      ) : null}
      <div
        id="chatbot-area"
        ref={containerRef}
        className="chatbot__area"
        hidden={!areaShown}
        aria-label={koAi.chatRegion}
        role="region"
        tabIndex={-1}
      />
    </div>
  );
}
