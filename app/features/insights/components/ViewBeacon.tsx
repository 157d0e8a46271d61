/**
 * Counts a view of the page it is on: the browser asks for this image on every visit, also when
 * the page came from the page cache, and also without JavaScript (decision 0007).
 */
export function ViewBeacon({ src }: { src: string }) {
  return <img className="view-beacon" src={src} alt="" width={1} height={1} decoding="async" referrerPolicy="no-referrer" />;
}

export function reelViewBeaconPath(reelId: number) {
  return `/seen/reel/${reelId}`;
}

export function guideViewBeaconPath(guideId: number) {
  return `/seen/guide/${guideId}`;
}
