import { useEffect, useState } from "react";

let hydrated = false;

/** False during the server render and hydration, true after: controls that need JavaScript wait for it. */
export function useHydrated() {
  const [isHydrated, setIsHydrated] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    setIsHydrated(true);
  }, []);
  return isHydrated;
}
