import { Form, Link, useNavigation } from "@remix-run/react";
import { FieldError } from "~/components/FormErrors";
import { ko } from "~/copy/ko";
import { CHATBOT_PRIVACY_PATH } from "../paths";

/** What is collected, why, for how long, by whom — in plain Korean, before any chatbot code loads; the full policy is a page of its own. */
function ConsentText({ provider }: { provider: string }) {
  return (
    <ul className="consent__list">
      <li>{ko.ai.collected}</li>
      <li>{ko.ai.purpose}</li>
      <li>{ko.ai.retention}</li>
      <li>{ko.ai.provider(provider)}</li>
      <li>{ko.ai.refuse}</li>
      <li>
        <strong>{ko.ai.noPersonal}</strong>
      </li>
    </ul>
  );
}

export function ConsentGate({ provider, error }: { provider: string; error: string | null }) {
  const busy = useNavigation().state === "submitting";
  return (
    <section className="consent" aria-labelledby="consent-title">
      <h2 id="consent-title">{ko.ai.consentTitle}</h2>
      <p>{ko.ai.consentIntro}</p>
      <ConsentText provider={provider} />
      <p>
        <Link to={CHATBOT_PRIVACY_PATH}>{ko.ai.policyOpen}</Link>
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
          <label htmlFor="agree">{ko.ai.agree}</label>
        </div>
        <FieldError id="agree-error" errors={error ? [error] : undefined} />
        <p className="hint">{ko.ai.consentRemembered}</p>
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
