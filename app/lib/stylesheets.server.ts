import fs from "node:fs";
import path from "node:path";

const BUILT_STYLESHEET = /^\/build\/_assets\/[\w-]+\.css$/;

const texts = new Map<string, string | undefined>();

/**
 * A built stylesheet's text by its address (`/build/_assets/….css`, a file of public/build), read
 * once per process (the name carries the content's hash); undefined for any other address or a file
 * that cannot be read, which then stays a `<link>`.
 */
export function builtStylesheetText(href: string): string | undefined {
  if (!texts.has(href)) texts.set(href, BUILT_STYLESHEET.test(href) ? readText(path.resolve(`public${href}`)) : undefined);
  return texts.get(href);
}

function readText(file: string) {
  try {
    const text = fs.readFileSync(file, "utf8");
    // It goes inside a <style> element, which this would close.
    return /<\/style/i.test(text) ? undefined : text;
  } catch {
    return undefined;
  }
}
