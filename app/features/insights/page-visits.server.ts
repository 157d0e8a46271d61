import { countPageVisitOf, isVisitorUse, type Visit } from "./counts.server";
import { DAY_MS, isFirstUseThisHour, visitorKeyOf } from "./once-per-hour.server";
import { sourceOfArrival, type VisitSource } from "./visit-sources";

// Page visits (decision 0009): the server's edge calls this for every public page it answered
// (from the page cache or a render), and the page's navigation beacon for every page opened inside
// the site with JavaScript. Counted like clicks: in memory, once per visitor, page and hour.

/** What the edge knows of one visit of a public page; nothing of it is stored but `page` and the source. */
export type PageVisit = Visit & {
  /** The page's route pattern (`/reels-content/:info`), from the route table: never a made-up path. */
  page: string;
  /** The path asked for: one visitor opening two reels visits the page twice (only remembered for the hour). */
  path: string;
  /** The host the visit came from (the Referer's, or `document.referrer`'s for a navigation inside the site); null for none. */
  referrer: string | null;
  /** The site's own host names: a referrer among them is a step inside the site, not an arrival. */
  siteHosts: string[];
};

/** Visitors whose arrival is remembered in one day; past it, a step inside the site is read from itself. */
export const MAX_REMEMBERED_ARRIVALS = 20_000;

/**
 * Where each visitor of the day arrived from, by the day's visitor key (the key changes daily, so
 * the map is emptied with it): a parent who came from Instagram and then opens three pages made
 * four visits from Instagram, though the later pages name the site as their referrer.
 */
let arrivals = { day: Number.NaN, sources: new Map<string, VisitSource>() };

export async function countPageVisit(visit: PageVisit, now = new Date()): Promise<void> {
  if (!(await isVisitorUse(visit))) return;
  const visitorKey = visitorKeyOf(visit, now);
  const source = sourceOfVisit(visit, visitorKey, now);
  const use = { visitorKey, clientAddress: visit.clientAddress, used: `page:${visit.path}`, group: `page:${visit.page}` };
  if (isFirstUseThisHour(use, now)) countPageVisitOf(visit.page, source, now);
}

function sourceOfVisit({ userAgent, referrer, siteHosts }: PageVisit, visitorKey: string, now: Date): VisitSource {
  const day = Math.floor(now.getTime() / DAY_MS);
  if (day !== arrivals.day) arrivals = { day, sources: new Map() };
  // A step inside the site whose arrival was not seen today (a restart, the day's key changed): only an in-app browser still says where it is.
  if (referrer !== null && siteHosts.includes(referrer)) return arrivals.sources.get(visitorKey) ?? sourceOfArrival(userAgent, referrer);
  const source = sourceOfArrival(userAgent, referrer);
  if (arrivals.sources.size < MAX_REMEMBERED_ARRIVALS || arrivals.sources.has(visitorKey)) arrivals.sources.set(visitorKey, source);
  return source;
}

/**
 * Where a visitor taking a step inside the site came from (a click on a product's button or a
 * banner, which sends no referrer: the buttons are rel=noreferrer): that visitor's arrival of the
 * day, else their in-app browser, else a direct visit (a click after a restart, before any page).
 */
export function arrivalOf(visitorKey: string, userAgent: string, now = new Date()): VisitSource {
  const known = Math.floor(now.getTime() / DAY_MS) === arrivals.day ? arrivals.sources.get(visitorKey) : undefined;
  return known ?? sourceOfArrival(userAgent, null);
}
