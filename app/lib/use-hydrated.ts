import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False on the server and in the render that hydrates the server's markup (so that render matches
 * it), true right after, and from the first render of a component the browser mounts later (a client
 * navigation): controls that need JavaScript wait for it, and a component can tell whether it
 * started from the server's markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
