import { ko } from "~/copy/ko";

/** The footer's links and copyright line are the owner's (사이트 설정 > 사이트 정보; docs/product.md §2). */
export function Footer({ links, copyright }: { links: readonly { label: string; url: string }[]; copyright: string }) {
  return (
    <footer className="footer">
      {links.length ? (
        <nav aria-label={ko.footer.channelsLabel}>
          <ul className="footer__links">
            {links.map((link) => (
              <li key={`${link.label} ${link.url}`}>
                <a href={link.url} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <p className="footer__copy">{copyright}</p>
    </footer>
  );
}
