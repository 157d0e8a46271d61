import { ko } from "~/copy/ko";
import { PRIVACY_EFFECTIVE_DATE } from "../meta";
import type { PrivacyApp } from "../privacy.server";

type PrivacyPolicyProps = {
  app: PrivacyApp;
  /** Policy body, already sanitized on the server (see privacy.server.ts). */
  html: string;
};

export function PrivacyPolicy({ app, html }: PrivacyPolicyProps) {
  const title = ko.privacy[app];
  const effectiveDate = PRIVACY_EFFECTIVE_DATE;
  return (
    <article className="privacy">
      <h1 className="privacy__title">{title}</h1>
      <p className="privacy__effective">
        {ko.privacy.effectiveDate}: <time dateTime={effectiveDate}>{effectiveDate}</time>
      </p>
      <div className="privacy__body" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
