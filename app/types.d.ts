import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The per-response CSP nonce, made by the Express server. */
    cspNonce?: string;
    /** The client's address as Express sees it (trusting only a local proxy). */
    clientAddress?: string;
  }
  interface Future {
    v3_singleFetch: true;
  }
}
