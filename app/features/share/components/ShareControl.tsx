import { useLocation, useMatches } from "@remix-run/react";
import { ko } from "~/copy/ko";
import { ShareDialog, useShareDialog } from "./ShareDialog";

/** The header's share button and the dialog it opens, for the page being shown. */
export function ShareControl({ origin, kakaoJsKey, siteName }: { origin: string; kakaoJsKey: string | null; siteName: string }) {
  const location = useLocation();
  const page = useMatches().at(-1)?.data as { sharePath?: string } | undefined;
  const share = useShareDialog();
  // A page with a short address (a reel's /r/{id}) shares that one; any other page its own.
  const sharePath = page?.sharePath ?? `${location.pathname}${location.search}`;
  return (
    <>
      <a className="icon-button" href="#share" onClick={share.open} aria-label={ko.common.share} aria-haspopup="dialog">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
          <circle cx="18" cy="5" r="2.6" fill="none" stroke="currentColor" strokeWidth="2" />
          <circle cx="6" cy="12" r="2.6" fill="none" stroke="currentColor" strokeWidth="2" />
          <circle cx="18" cy="19" r="2.6" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M8.3 10.8l7.4-4.3M8.3 13.2l7.4 4.3" stroke="currentColor" strokeWidth="2" />
        </svg>
      </a>
      <ShareDialog controller={share} origin={origin} path={sharePath} kakaoJsKey={kakaoJsKey} siteName={siteName} />
    </>
  );
}
