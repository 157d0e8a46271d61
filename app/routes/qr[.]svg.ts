import type { LoaderFunctionArgs } from "@remix-run/node";
import QRCode from "qrcode";
import { koServer } from "~/copy/ko-server.server";
import { siteOrigin } from "~/lib/page.server";
import { routeFacts } from "~/lib/route-facts";
import { QR_PATH_MAX } from "~/lib/route-info";

// Every address makes its own entry, so the page cache is left out; browsers keep the image instead.
export const handle = routeFacts({ access: "public" });

/** A path of this site: one leading slash, printable ASCII without backslash (browsers send paths encoded). */
const SITE_PATH = /^\/(?!\/)[!-[\]-~]*$/;

/**
 * The QR code of a page of this site, drawn on the server so no QR code reaches the browser bundle
 * (docs/performance.md). Only a same-site path is drawn: the image cannot be made to point elsewhere.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const path = new URL(request.url).searchParams.get("u") ?? "";
  const origin = siteOrigin(request);
  if (path.length > QR_PATH_MAX || !SITE_PATH.test(path) || new URL(path, origin).origin !== origin) {
    return new Response(koServer.qr.badAddress(QR_PATH_MAX), { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  // Medium error correction survives a smudged print; the four-module quiet zone is what scanners need.
  const svg = await QRCode.toString(`${origin}${path}`, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
  return new Response(svg, {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, max-age=31536000, immutable" },
  });
}
