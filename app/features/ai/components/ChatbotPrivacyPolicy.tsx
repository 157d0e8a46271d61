import { Link } from "@remix-run/react";
import type { ChatbotPrivacyText } from "../privacy.server";

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function List({ items }: { items: readonly string[] }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** The chatbot's privacy policy under 개인정보 보호법 제30조; its text comes from the server (privacy.server.ts). */
export function ChatbotPrivacyPolicy({ text }: { text: ChatbotPrivacyText }) {
  const transfer = [
    [text.transferRows.recipient, text.transferRecipient],
    [text.transferRows.country, text.transferCountry],
    [text.transferRows.items, text.transferItems],
    [text.transferRows.purpose, text.transferPurpose],
    [text.transferRows.when, text.transferWhen],
    [text.transferRows.retention, text.transferRetention],
  ] as const;
  return (
    <article className="privacy privacy--chatbot">
      <h1 className="privacy__title">{text.title}</h1>
      <p className="privacy__effective">
        {text.effectiveDate}: <time dateTime={text.effective.iso}>{text.effective.text}</time>
      </p>
      <div className="privacy__body">
        <p>{text.intro}</p>
        <Section id="purpose" title={text.purposeTitle}>
          <p>{text.purposeIntro}</p>
          <List items={text.purposes} />
        </Section>
        <Section id="items" title={text.itemsTitle}>
          <List items={text.items} />
          <p>
            <strong>{text.itemsNotCollected}</strong>
          </p>
        </Section>
        <Section id="retention" title={text.retentionTitle}>
          <List items={text.retention} />
        </Section>
        <Section id="transfer" title={text.transferTitle}>
          <p>{text.transferIntro}</p>
          <table>
            <tbody>
              {transfer.map(([label, value]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td>{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>
        <Section id="refuse" title={text.refuseTitle}>
          <List items={text.refuse} />
        </Section>
        <Section id="children" title={text.childrenTitle}>
          <List items={text.children} />
        </Section>
        <Section id="rights" title={text.rightsTitle}>
          <List items={text.rights} />
        </Section>
        <Section id="safety" title={text.safetyTitle}>
          <List items={text.safety} />
        </Section>
        <Section id="cookies" title={text.cookiesTitle}>
          <List items={text.cookies} />
        </Section>
        <Section id="contact" title={text.contactTitle}>
          <ul>
            <li>{text.contactOwner}</li>
            {text.contacts.map((contact) => (
              <li key={contact.href}>
                {contact.label}{" "}
                <a href={contact.href} {...(contact.href.startsWith("https:") ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
                  {contact.text}
                </a>
              </li>
            ))}
          </ul>
          <p>{text.contactNote}</p>
          <p>{text.remedyIntro}</p>
          <List items={text.remedies} />
        </Section>
        <Section id="changes" title={text.changesTitle}>
          <p>{text.changes}</p>
        </Section>
      </div>
      <p>
        <Link className="button" to="/ai">
          {text.backToChatbot}
        </Link>
      </p>
    </article>
  );
}
