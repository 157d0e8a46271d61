import { Form, Link, useNavigation } from "@remix-run/react";
import { FieldError } from "~/components/FormErrors";
import { ko } from "~/copy/ko";
import { koAi } from "~/copy/ko-ai";
import { CHATBOT_PRIVACY_PATH } from "../paths";

/** What is collected, why, for how long, by whom — in plain Korean, before any chatbot code loads; the full policy is a page of its own. */
function ConsentText({ provider }: { provider: string }) {
  return (
    <ul className="consent__list">
      <li>{koAi.collected}</li>
      <li>{koAi.purpose}</li>
      <li>{koAi.retention}</li>
      <li>{koAi.provider(provider)}</li>
      <li>{koAi.refuse}</li>
      <li>
        <strong>{koAi.noPersonal}</strong>
      </li>
    </ul>
  );
}

export function ConsentGate({ provider, error }: { provider: string; error: string | null }) {
  const busy = useNavigation().state === "submitting";
  return (
    <section className="consent" aria-labelledby="consent-title">
      <h2 id="consent-title">{koAi.consentTitle}</h2>
      {/* Before anything to agree to: without JavaScript, agreeing would not open the chatbot. */}
      <noscript>
        <p className="consent__needs-script">{koAi.needsScriptBeforeConsent}</p>
      </noscript>
      <p>{koAi.consentIntro}</p>
      <ConsentText provider={provider} />
      <p>
        <Link to={CHATBOT_PRIVACY_PATH}>{koAi.policyOpen}</Link>
      </p>
      <Form method="post" className="consent__form">
        <div className="field field--check">
          <input
            id="agree"
            type="checkbox"
            name="agree"
            value="on"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "agree-error" : undefined}
          />
          <label htmlFor="agree">{koAi.agree}</label>
        </div>
        <FieldError id="agree-error" errors={error ? [error] : undefined} />
        <p className="hint">{koAi.consentRemembered}</p>
        <div className="consent__actions">
          <button type="submit" name="intent" value="cancel" className="button">
            {ko.common.cancel}
          </button>
          <button type="submit" name="intent" value="consent" className="button button--primary" disabled={busy}>
            {ko.common.confirm}
          </button>
        </div>
      </Form>
    </section>
  );
}
