import { useLocation } from "@remix-run/react";

/**
 * The exact URL of this page as a form action. Remix derives a default action from the decoded
 * route params, which breaks on the encoded JSON `info` params (a decoded "?" starts a query).
 */
export function useSelfAction() {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}
