// What the server, the sitemap and the budget test need to know about a route, declared by the
// route itself in its Remix `handle` (read from the server build by `~/lib/route-table.server`).
// Shipped to the browser with the route's module, so it stays a few plain values.

/** Request bodies a form of a few short fields needs (login, consent, cookie check): 4 KiB. */
type SmallBody = "small";
/** Multipart uploads of up to `files` files (UPLOAD_MAX_MB each), for a visitor with a session cookie. */
type Uploads = { uploads: number };

type Shared = {
  /** JavaScript a first visit downloads, gzip, in KiB: every page (a route with a component and an address) has one. */
  jsBudgetKiB?: number;
  /** A password login: refused at the edge while every hash slot is taken. */
  login?: boolean;
};

export type PublicRouteFacts = Shared & {
  access: "public";
  /** The anonymous page cache stores it (a page every visitor without a site cookie sees alike). */
  cache?: boolean;
  /** Listed in sitemap.xml (a page with parameters is listed from the content; see the sitemap). */
  sitemap?: boolean;
  /**
   * A page of a menu section the owner may hide on /home-update (`isViewFlags`): left out of the
   * sitemap while hidden. Its loader answers visitors the 404 page then (`sectionPage`, features/home).
   */
  section?: "reels" | "products" | "detail";
  /** The largest body; without it, a form's 64 KiB. */
  body?: SmallBody;
};

export type AdminRouteFacts = Shared & {
  /** The owner's screens and API, not for visitors: each checks the session itself (but the logins, which make one). */
  access: "admin";
  body?: SmallBody | Uploads;
};

export type RouteFacts = PublicRouteFacts | AdminRouteFacts;

/** `export const handle = routeFacts({ … })`: the route's facts, in the one place they are kept. */
export function routeFacts(facts: RouteFacts) {
  return { routeFacts: facts };
}

/** The facts a matched route declared in its `handle` (undefined for a route that declares none, such as a layout). */
export function factsOfHandle(handle: unknown): RouteFacts | undefined {
  return (handle as { routeFacts?: RouteFacts } | undefined)?.routeFacts;
}
