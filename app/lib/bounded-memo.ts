// A function's answers remembered by a text key, bounded in bytes (docs/architecture.md §7.3): the
// server asks the same few questions of every request (which route a path is, whether a path is
// normal, which encoding an Accept-Encoding asks for, whether a User-Agent is a crawler's, whether a
// peer is the proxy), and a request may bring any text as the key.

export type MemoLimits = {
  /** Keys remembered at most. */
  maxKeys: number;
  /** A longer key is answered, not remembered. */
  maxKeyLength: number;
};

/**
 * `compute`, with its answers remembered: at most `maxKeys` keys of at most `maxKeyLength`
 * characters (so at most maxKeys × maxKeyLength characters of keys); when full, the memory starts
 * again. `compute` must depend on its key alone.
 */
export function boundedMemo<Answer>(compute: (key: string) => Answer, { maxKeys, maxKeyLength }: MemoLimits) {
  const known = new Map<string, Answer>();
  return (key: string): Answer => {
    if (key.length > maxKeyLength) return compute(key);
    if (known.has(key)) return known.get(key)!;
    const answer = compute(key);
    if (known.size >= maxKeys) known.clear();
    known.set(key, answer);
    return answer;
  };
}
