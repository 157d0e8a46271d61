import { Link, useLocation, useNavigate } from "@remix-run/react";
import { useRef } from "react";
import { ko } from "~/copy/ko";

/** docs/product.md §9: ten taps on the name open the admin login. */
const ADMIN_TAPS = 10;
const TAP_GAP_MS = 1500;

/**
 * The shell places the share control (a feature piece) through `share`, beside the link to the
 * search; the site's name and the owner's picture (`avatar`, its small square sizes) are hers (사이트 설정).
 */
export function Header({ share, name, avatar }: { share: React.ReactNode; name: string; avatar: { src: string; srcSet: string } | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const isHome = location.pathname === "/";
  const taps = useRef({ count: 0, last: 0, startedOn: "/" });

  function onNameClick(event: React.MouseEvent<HTMLAnchorElement>) {
    const now = Date.now();
    taps.current.count = now - taps.current.last < TAP_GAP_MS ? taps.current.count + 1 : 1;
    taps.current.last = now;
    // The first tap already leads home, so the page to return to is the one the taps started on.
    if (taps.current.count === 1) taps.current.startedOn = `${location.pathname}${location.search}`;
    if (taps.current.count >= ADMIN_TAPS) {
      event.preventDefault();
      taps.current.count = 0;
      const { startedOn } = taps.current;
      navigate(startedOn === "/" ? "/admin-login" : `/admin-login?${new URLSearchParams({ redirectTo: startedOn })}`);
    } else if (isHome) {
      event.preventDefault();
    }
  }

  function onBackClick(event: React.MouseEvent<HTMLAnchorElement>) {
    // Go back within the site when there is somewhere to go back to; otherwise the link goes home.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) {
      event.preventDefault();
      navigate(-1);
    }
  }

  return (
    <header className="header">
      {isHome ? (
        // Home has nowhere to go back to; the empty slot keeps the name where it is on every page.
        <span className="icon-button" aria-hidden="true" />
      ) : (
        <a className="icon-button" href="/" onClick={onBackClick} aria-label={ko.common.back}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </a>
      )}
      <Link className="header__name" to="/" onClick={onNameClick}>
        {avatar ? (
          // Decorative: the name beside it says whose site it is.
          <img className="header__logo header__avatar" src={avatar.src} srcSet={avatar.srcSet} alt="" width="28" height="28" />
        ) : (
          <svg aria-hidden="true" className="header__logo" viewBox="0 0 32 32" width="28" height="28">
            <circle cx="16" cy="16" r="15" fill="#ffb86b" />
            <circle cx="11.5" cy="13.5" r="2" fill="#5a3a1a" />
            <circle cx="20.5" cy="13.5" r="2" fill="#5a3a1a" />
            <path d="M10 19c2.2 3 9.8 3 12 0" fill="none" stroke="#5a3a1a" strokeWidth="2" strokeLinecap="round" />
          </svg>
        )}
        <span className="header__title">{name}</span>
      </Link>
      <div className="header__actions">
        <Link className="icon-button" to="/search" aria-label={ko.search}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
            <path d="M15.5 15.5L20 20" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </Link>
        {share}
      </div>
    </header>
  );
}
