import { useCallback, useMemo, useRef } from "react";
import { ko } from "~/copy/ko";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * A dialog opened by a link to `#id`: without JavaScript the :target rule shows it in place; with
 * JavaScript the link opens it as a modal (focus kept inside, Escape closes, focus returns).
 */
export function useTargetDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  const open = useCallback((event: React.MouseEvent) => {
    if (typeof ref.current?.showModal !== "function") return;
    event.preventDefault();
    ref.current.showModal();
  }, []);
  const close = useCallback(() => ref.current?.close(), []);
  return useMemo(() => ({ ref, open, close }), [open, close]);
}

export function TargetDialog({
  id,
  title,
  controller,
  className,
  onClose,
  children,
}: {
  id: string;
  title: string;
  controller: Pick<ReturnType<typeof useTargetDialog>, "ref" | "close">;
  className?: string;
  onClose?: () => void;
  children: React.ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <dialog
      id={id}
      ref={controller.ref}
      className={`dialog dialog--targetable ${className ?? ""}`}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
    >
      <div className="dialog__header">
        <h2 id={`${id}-title`}>{title}</h2>
        {hydrated ? (
          <button type="button" className="icon-button" onClick={controller.close} aria-label={ko.common.close}>
            ✕
          </button>
        ) : (
          <a className="icon-button" href="#main" aria-label={ko.common.close}>
            ✕
          </a>
        )}
      </div>
      {children}
    </dialog>
  );
}
