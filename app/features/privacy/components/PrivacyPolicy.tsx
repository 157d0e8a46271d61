import { ko } from "~/copy/ko";
type PrivacyPolicyProps = {
  /** Page title, rendered as the only <h1>. */
  title: string;
  /** Policy body, already sanitized on the server (see privacy.server.ts). */
  html: string;
  /** ISO date (YYYY-MM-DD) the policy takes effect. */
  effectiveDate: string;
};

export function PrivacyPolicy({ title, html, effectiveDate }: PrivacyPolicyProps) {
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
