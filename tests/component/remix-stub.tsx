import { createRemixStub } from "@remix-run/testing";
import { render } from "@testing-library/react";

type StubRoutes = Parameters<typeof createRemixStub>[0];

/**
 * Renders routes in a Remix stub (memory router, loaders and actions run in the test) at `url`;
 * `entries` puts earlier pages in the history, so "back" has somewhere to go.
 */
export function renderRoutes(routes: StubRoutes, url: string, entries: string[] = []) {
  const Stub = createRemixStub(routes);
  return render(<Stub initialEntries={[...entries, url]} initialIndex={entries.length} />);
}

/** Renders one component as the page at `url` (for components that need Link, Form or navigation state). */
export function renderInRoute(element: React.ReactNode, url = "/") {
  const path = new URL(url, "http://site.test").pathname;
  return renderRoutes([{ path, Component: () => <>{element}</> }], url);
}
