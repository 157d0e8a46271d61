import { createCookie, redirect } from "@remix-run/node";
import { config } from "./config.server";
import { getSessionSecret } from "./secrets.server";

/** A one-time message shown after a redirect, so a reload never re-posts the form. */
export type Flash = {
  message: string;
  /** An optional follow-up the message offers, e.g. "go to the home screen?". */
  next?: { href: string; label: string; question: string };
};

export const FLASH_COOKIE_NAME = "ot_flash";

function flashCookie() {
  return createCookie(FLASH_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 60,
    secure: config().httpsOnly,
    secrets: [getSessionSecret()],
  });
}

export async function redirectWithFlash(to: string, flash: Flash, init: { headers?: HeadersInit; replace?: boolean } = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashCookie().serialize(flash));
  if (init.replace) headers.set("X-Remix-Replace", "true");
  return redirect(to, { headers });
}

/** Reads the flash and returns the header that clears it. */
export async function consumeFlash(request: Request): Promise<{ flash: Flash | null; setCookie: string | null }> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${FLASH_COOKIE_NAME}=`)) return { flash: null, setCookie: null };
  const value = await flashCookie().parse(header);
  const flash = isFlash(value) ? value : null;
  return { flash, setCookie: await flashCookie().serialize("", { maxAge: 0, expires: new Date(0) }) };
}

function isFlash(value: unknown): value is Flash {
  return typeof value === "object" && value !== null && typeof (value as Flash).message === "string";
}
