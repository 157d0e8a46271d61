import { ko } from "~/copy/ko";
import * as z from "./zod";

// Input rules the feature schemas share: strict record ids and names that show something.

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
