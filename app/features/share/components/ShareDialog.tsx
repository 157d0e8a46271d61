import { useCallback, useEffect, useState } from "react";
import { TargetDialog, useTargetDialog } from "~/components/TargetDialog";
import { ko } from "~/copy/ko";
import { KAKAO_SDK_INTEGRITY, KAKAO_SDK_URL } from "~/features/share/kakao";
import { qrCodePath } from "~/lib/route-info";
import { useHydrated } from "~/lib/use-hydrated";
import { SHARE_POPUP_FEATURES, shareLinks } from "../links";

type Controller = ReturnType<typeof useShareDialog>;

export function useShareDialog() {
  const dialog = useTargetDialog();
  const [title, setTitle] = useState("");
  const open = useCallback(
    (event: React.MouseEvent) => {
      setTitle(document.title);
      dialog.open(event);
    },
    [dialog],
  );
  return { ...dialog, open, title };
}

declare global {
  interface Window {
    Kakao?: {
      isInitialized(): boolean;
      init(key: string): void;
      Share: { sendScrap(options: { requestUrl: string }): void };
    };
  }
}

function loadKakao(key: string): Promise<NonNullable<Window["Kakao"]>> {
  return new Promise((resolve, reject) => {
    const ready = () => {
      const kakao = window.Kakao;
      if (!kakao) return reject(new Error("Kakao SDK missing"));
      if (!kakao.isInitialized()) kakao.init(key);
      resolve(kakao);
    };
    if (window.Kakao) return ready();
    const script = document.createElement("script");
    script.src = KAKAO_SDK_URL;
    // A changed file on Kakao's CDN is refused rather than run with the page's rights.
    script.integrity = KAKAO_SDK_INTEGRITY;
    script.crossOrigin = "anonymous";
    script.async = true;
    script.onload = ready;
    script.onerror = () => reject(new Error("Kakao SDK failed to load"));
    document.head.appendChild(script);
  });
}

async function copyText(text: string) {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const field = document.createElement("textarea");
  field.value = text;
  field.setAttribute("readonly", "");
  field.style.position = "fixed";
  field.style.opacity = "0";
  document.body.appendChild(field);
  field.select();
  const ok = document.execCommand("copy");
  field.remove();
  if (!ok) throw new Error("copy refused");
}

type ShareDialogProps = {
  controller: Controller;
  origin: string;
  path: string;
  kakaoJsKey: string | null;
  /** What a share is titled when the page has no title yet: the owner's site name. */
  siteName: string;
};

export function ShareDialog({ controller, origin, path, kakaoJsKey, siteName }: ShareDialogProps) {
  const url = `${origin}${path}`;
  const qrCode = qrCodePath(path);
  const hydrated = useHydrated();
  const [status, setStatus] = useState("");
  const [canWebShare, setCanWebShare] = useState(false);
  const title = controller.title || siteName;
  const links = shareLinks(url, title);

  useEffect(() => {
    setCanWebShare(typeof navigator.share === "function");
  }, []);

  async function copy(message: string) {
    try {
      await copyText(url);
      setStatus(message);
    } catch {
      setStatus(ko.share.copyFailed);
    }
  }

  /** The phone's own share sheet (Web Share API). A sheet the visitor closes is not an error. */
  function nativeShare() {
    navigator.share({ title, url }).catch(() => undefined);
  }

  function popup(event: React.MouseEvent<HTMLAnchorElement>) {
    if (window.open(event.currentTarget.href, "share", SHARE_POPUP_FEATURES) !== null) event.preventDefault();
  }

  // KakaoTalk first: through Kakao's SDK when there is a key, else the phone's share sheet, which lists it.
  const firstTarget =
    hydrated && kakaoJsKey ? (
      <button
        type="button"
        className="share-target share-target--kakao"
        onClick={() =>
          loadKakao(kakaoJsKey)
            .then((kakao) => kakao.Share.sendScrap({ requestUrl: url }))
            .catch(() => setStatus(ko.share.copyFailed))
        }
      >
        {ko.share.kakao}
      </button>
    ) : canWebShare ? (
      <button type="button" className="share-target share-target--kakao" onClick={nativeShare}>
        {ko.share.nativeShare}
      </button>
    ) : null;

  return (
    <TargetDialog id="share" title={ko.share.title} controller={controller} className="share-dialog" onClose={() => setStatus("")}>
      <ul className="share-targets">
        {firstTarget ? <li className="share-targets__first">{firstTarget}</li> : null}
        <li className="mobile-only">
          <a className="share-target" href={links.sms}>
            {ko.share.message}
          </a>
        </li>
        <li className="desktop-only">
          <a className="share-target" href={links.email}>
            {ko.share.email}
          </a>
        </li>
        <li>
          <a
            className="share-target"
            href={links.instagram}
            target="_blank"
            rel="noopener noreferrer"
            onClick={(event) => {
              event.preventDefault();
              void copy(ko.share.copiedForInstagram);
            }}
          >
            {ko.share.instagram}
          </a>
        </li>
        <li>
          <a className="share-target" href={links.facebook} target="_blank" rel="noopener noreferrer" onClick={popup}>
            {ko.share.facebook}
          </a>
        </li>
        <li>
          <a className="share-target" href={links.twitter} target="_blank" rel="noopener noreferrer" onClick={popup}>
            {ko.share.twitter}
          </a>
        </li>
        {hydrated ? (
          <li>
            <button type="button" className="share-target" onClick={() => void copy(ko.share.copied)}>
              {ko.share.clipboard}
            </button>
          </li>
        ) : null}
        {kakaoJsKey && canWebShare ? (
          <li>
            <button type="button" className="share-target" onClick={nativeShare}>
              {ko.share.more}
            </button>
          </li>
        ) : null}
      </ul>
      <label className="share-url">
        <span>{ko.share.linkLabel}</span>
        <input type="url" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
      </label>
      {/* Drawn by the server (no QR code in the bundle); lazy, so it loads only when the dialog opens. */}
      {qrCode ? <img className="share-qr" src={qrCode} alt={ko.share.qrCode} width={160} height={160} loading="lazy" /> : null}
      <p className="share-status" role="status" aria-live="polite">
        {status}
      </p>
    </TargetDialog>
  );
}
