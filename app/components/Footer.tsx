import { ko } from "~/copy/ko";

/** The owner's Instagram: also where the chatbot's privacy policy sends questions. */
export const INSTAGRAM_URL = "https://www.instagram.com/ot_teacher_kids/";

/** The brand's channels (docs/product.md §2 footer). */
const SOCIAL_LINKS = [
  { label: ko.footer.instagram, href: INSTAGRAM_URL },
  { label: ko.footer.youtube, href: "https://www.youtube.com/@ot_teacher_kids" },
  { label: ko.footer.blog, href: "https://blog.naver.com/ot_teacher_kids" },
] as const;

export function Footer() {
  return (
    <footer className="footer">
      <nav aria-label={ko.footer.channelsLabel}>
        <ul className="footer__links">
          {SOCIAL_LINKS.map((link) => (
            <li key={link.href}>
              <a href={link.href} target="_blank" rel="noopener noreferrer">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <p className="footer__copy">{ko.site.copyright(new Date().getFullYear())}</p>
    </footer>
  );
}
