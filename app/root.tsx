import type { LinksFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { BottomNav } from "~/components/BottomNav";
import { DeferredScripts } from "~/components/DeferredScripts";
import { FlashMessage } from "~/components/FlashMessage";
import { Footer } from "~/components/Footer";
import { Header } from "~/components/Header";
import { HiddenSectionNotice } from "~/components/HiddenSectionNotice";
import { LogoutForm } from "~/components/LogoutForm";
import { PendingIndicator } from "~/components/PendingIndicator";
import { ko } from "~/copy/ko";
import { PageVisitBeacon } from "~/features/insights/components/PageVisitBeacon";
import { ShareControl } from "~/features/share/components/ShareControl";
import { useNonce } from "~/lib/nonce";
import { REQUEST_ID_ATTRIBUTE, useRequestId } from "~/lib/request-id";
import baseStyles from "~/styles/base.css";
import componentStyles from "~/styles/components.css";
import { loader } from "./root.server";

// Only the shell every page shows; each route links the styles of its own screen (after these).
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: baseStyles },
  { rel: "stylesheet", href: componentStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // The guides' feed (app/features/guides/feed.server.ts), announced on every page for feed readers and Naver.
  { rel: "alternate", type: "application/rss+xml", href: "/rss.xml" },
];

export { loader };

export type RootData = typeof loader;

export function useRootData() {
  return useRouteLoaderData<RootData>("root");
}

function Document({ children, title }: { children: React.ReactNode; title?: string }) {
  const nonce = useNonce();
  return (
    <html lang="ko">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#fff8f0" />
        {title ? <title>{title}</title> : null}
        <Meta />
        <Links />
      </head>
      <body>
        <div id="top" />
        {children}
        <ScrollRestoration nonce={nonce} />
        <DeferredScripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The shell every screen shares: header with back and share, content, footer, bottom navigation. */
function Shell({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const location = useLocation();
  const fullBleed = location.pathname === "/ai";
  return (
    <>
      <a className="skip-link" href="#main">
        {ko.common.skipToContent}
      </a>
      <PendingIndicator />
      <div className={fullBleed ? "page page--dark" : "page"}>
        <Header
          name={root?.site.name ?? ""}
          avatar={root?.site.avatar ?? null}
          share={<ShareControl origin={root?.origin ?? ""} kakaoJsKey={root?.kakaoJsKey ?? null} siteName={root?.site.name ?? ""} />}
        />
        {root?.isLogin ? <AdminBar /> : null}
        {root?.flash ? <FlashMessage key={location.key} flash={root.flash} /> : null}
        <main id="main" className="main" tabIndex={-1} data-ticked-suffix={ko.list.tickedSuffix}>
          {/* The owner's notice on a page of a menu she hid (only her page's data carries one). */}
          <HiddenSectionNotice />
          {children}
        </main>
        {fullBleed || !root ? null : <Footer links={root.site.footerLinks} copyright={root.site.copyright} />}
      </div>
      {root ? <BottomNav menu={root.menu} /> : null}
    </>
  );
}

function AdminBar() {
  return (
    <nav className="admin-bar" aria-label={ko.admin.menu}>
      <span>{ko.admin.mode}</span>
      <Link to="/navi">{ko.admin.allPages}</Link>
      <LogoutForm buttonClassName="button button--small" />
    </nav>
  );
}

export default function App() {
  return (
    <Document>
      <Shell>
        <Outlet />
      </Shell>
      {/* Not on the error page: a 404 is no visit. */}
      <PageVisitBeacon />
    </Document>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRootData();
  const location = useLocation();
  const requestId = useRequestId();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const [title, message] =
    status === 404
      ? [ko.errors.notFoundTitle, ko.errors.notFound]
      : status < 500
        ? [ko.errors.badRequestTitle, ko.errors.badRequest]
        : [ko.errors.serverTitle, ko.errors.server];
  const content = (
    <div className="error-page">
      <p className="error-page__code" aria-hidden="true">
        {status}
      </p>
      <h1>{title}</h1>
      <p>{message}</p>
      {/* For the owner to quote: the same id is in the request's log line (docs/operations.md §8). */}
      {requestId ? (
        <p className="error-page__request-id" {...{ [REQUEST_ID_ATTRIBUTE]: requestId }}>
          {ko.errors.requestId(requestId)}
        </p>
      ) : null}
      <p className="error-page__actions">
        {/* A missing page stays missing; anything else may work the second time (a full load, scripts or not). */}
        {status === 404 ? null : (
          <a className="button" href={`${location.pathname}${location.search}`}>
            {ko.common.tryAgain}
          </a>
        )}
        <a className="button button--primary" href="/">
          {ko.common.goHome}
        </a>
      </p>
    </div>
  );
  return (
    <Document title={root ? `${title} | ${root.site.name}` : title}>
      {root ? (
        <Shell>{content}</Shell>
      ) : (
        <div className="page">
          <main id="main" className="main">
            {content}
          </main>
        </div>
      )}
    </Document>
  );
}
