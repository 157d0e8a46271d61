// The anonymous page cache (server/page-cache.mjs) keeps rendered pages only while this version is
// the one they were rendered at. Every successful content write calls `contentChanged()` once,
// explicitly: logins, sessions and throttle rows change no page and must not empty the cache.
let version = 0;

export function contentChanged() {
  version += 1;
}

export function contentVersion() {
  return version;
}
