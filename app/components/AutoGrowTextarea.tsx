import { useLayoutEffect, useRef } from "react";

const useIsomorphicLayoutEffect = typeof window === "undefined" ? () => undefined : useLayoutEffect;

/** A textarea that grows with its text (CSS field-sizing where supported, a height fix-up otherwise). */
export function AutoGrowTextarea(props: React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const grow = () => {
    const element = ref.current;
    if (!element || CSS.supports?.("field-sizing", "content")) return;
    element.style.height = "auto";
    element.style.height = `${element.scrollHeight + 2}px`;
  };
  useIsomorphicLayoutEffect(grow, []);
  return (
    <textarea
      {...props}
      ref={ref}
      className={`auto-grow ${props.className ?? ""}`}
      onInput={(event) => {
        grow();
        props.onInput?.(event);
      }}
    />
  );
}
