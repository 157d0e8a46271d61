import { Link } from "@remix-run/react";
import { koAi } from "~/copy/ko-ai";

export type PreparingLink = { to: string; label: string };

/** Shown instead of a consent nobody needs while no chatbot is configured: somewhere useful to go. */
export function ChatbotPreparing({ links }: { links: PreparingLink[] }) {
  return (
    <section className="ai-preparing" aria-labelledby="ai-preparing-title">
      <h2 id="ai-preparing-title">{koAi.preparingTitle}</h2>
      <p>{koAi.preparingBody}</p>
      <ul className="ai-preparing__links">
        {links.map((link) => (
          <li key={link.to}>
            <Link className="button button--primary button--block" to={link.to}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
