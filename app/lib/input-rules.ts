import { ko } from "~/copy/ko";
import { koInput } from "~/copy/ko-input";
import * as z from "./zod";

// Input rules the feature schemas share: strict record ids, names that show something, and text
// without control characters (docs/product.md §5).

/**
 * A record id: a positive integer sent as a JSON number or a plain digit string. Anything else
 * ("0x10", " 1", "1e3", true, [1], "abc") is refused rather than coerced into some other record's id,
 * with one plain message instead of zod's type talk ("예상 타입은 number, 받은 타입은 NaN").
 */
const badId = { error: ko.errors.badId };
export const recordId = z
  // A custom check, not z.number(): Conform would turn a form's "0x10" into 16 before zod saw it.
  .union(
    [
      z.custom<number>((value) => typeof value === "number").meta({ type: "integer", minimum: 1 }),
      z
        .string()
        .regex(/^\d{1,15}$/)
        .transform(Number),
    ],
    badId,
  )
  .pipe(z.number(badId).int(badId).positive(badId).max(Number.MAX_SAFE_INTEGER, badId));

/** Bidirectional overrides and isolates, which can make a name read differently from what it is. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** Controls, format characters (zero-width and the like), separators and the blank Hangul fillers. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Z}\u115F\u1160\u3164\uFFA0\u2800]/gu;

/** Whether a name shows anything once invisible and control characters are left out. */
export function hasVisibleText(value: string) {
  return value.replace(INVISIBLE, "").length > 0;
}

export function stripBidiControls(value: string) {
  return value.replace(BIDI_CONTROLS, "");
}

// Control characters are the C0 and C1 controls, U+0000–U+001F and U+007F–U+009F (\p{Cc}: NUL, BEL,
// ESC, TAB, LF, CR, DEL, NEL...). They are written as ranges, not \p{Cc}, because the same source
// is the `pattern` the API description shows (zod-to-openapi copies it), which JSON Schema readers
// and the generated-request test read without the `u` flag.

/** What a one-line field takes: no control character at all, TAB and line breaks included. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const ONE_LINE = /^[^\x00-\x1F\x7F-\x9F]*$/;
/** The controls a multi-line field refuses: all but TAB (x09), LF (x0A) and CR (x0D, which becomes LF). */
const MULTI_LINE_REFUSED = "\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F-\\x9F";
const MULTI_LINE = new RegExp(`^[^${MULTI_LINE_REFUSED}]*$`);
const MULTI_LINE_REFUSED_ALL = new RegExp(`[${MULTI_LINE_REFUSED}]`, "g");
const ANY_CONTROL = /\p{Cc}/gu;

/** Line breaks as one LF, the way HTML normalises a textarea's (CRLF and a lone CR both become LF). */
function normaliseNewlines(text: string) {
  return text.replace(/\r\n?/g, "\n");
}

/**
 * Text typed on one line (names, button labels, menu names, login ids): a line break, a tab or any
 * other control character anywhere in it is refused with one Korean message, before any other rule
 * of the field is checked. `params` words the message for a value that is not text at all.
 */
export function oneLineText(params?: { error: string }) {
  return z.string(params).regex(ONE_LINE, { error: koInput.controlOneLine, abort: true });
}

/**
 * Text of several lines (descriptions, banner code): its line breaks are kept as LF (a browser sends
 * a textarea's as CRLF), tabs are kept, and any other control character is refused with one Korean
 * message, before the field's length is checked (so a line break counts as one character).
 */
export function multiLineText() {
  return z.string().overwrite(normaliseNewlines).regex(MULTI_LINE, { error: koInput.controlMultiLine, abort: true });
}

/**
 * Text the site imports rather than is sent (an Instagram caption), where one odd character must not
 * fail a whole import: kept as a multi-line field keeps it, with the other controls dropped instead of
 * refused, and cut after `max` characters (code points: never half of one).
 */
export function importedText(text: string, max: number) {
  const cleaned = normaliseNewlines(text).replace(MULTI_LINE_REFUSED_ALL, "");
  // `max` UTF-16 units hold at most `max` characters; the first 2 * max + 1 units hold at least
  // max + 1, the first `max` of them whole (only the last may be half of a surrogate pair).
  if (cleaned.length <= max) return cleaned;
  return Array.from(cleaned.slice(0, 2 * max + 1))
    .slice(0, max)
    .join("");
}

/** A search's words (never stored): a control character separates words as a space does. */
export function controlsAsSpaces(text: string) {
  return text.replace(ANY_CONTROL, " ");
}
