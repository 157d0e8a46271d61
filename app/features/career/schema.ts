import { koAdmin } from "~/copy/ko-admin";
import { uploadedFile as file, whenPassed, yesNo } from "~/lib/form-values";
import { oneLineText, recordId, stripBidiControls } from "~/lib/input-rules";
import * as z from "~/lib/zod";

export const CAREER_MAX_IMAGES = 20;
export const CAREER_CAPTION_MAX = 100;

/** A kept picture's `index`, or `new` (the next `imageFile`); `:n` is the place chosen for it (the page without JavaScript). */
const ORDER_ENTRY = /^(\d{1,15}|new)(:\d{1,2})?$/;

const caption = oneLineText()
  .trim()
  .max(CAREER_CAPTION_MAX, koAdmin.career.captionTooLong(CAREER_CAPTION_MAX))
  .transform(stripBidiControls);

/** The chosen files; an untouched file input arrives as one empty part and counts as none. */
const files = z
  .union([file, z.array(file)])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]).filter((item) => item.size > 0))
  .pipe(z.array(file).max(CAREER_MAX_IMAGES, koAdmin.career.tooMany(CAREER_MAX_IMAGES)));

/**
 * docs/product.md §7 career upsert (page form and multipart API). The original call, `imageFile`
 * repeated (and `hasImage`), replaces the whole set. Naming the pictures edits them one by one:
 * `order` lists the set as it should be (a kept picture's `index`, or `new` for the next
 * `imageFile`), `caption` goes with each entry of `order`, and `remove` names kept pictures to
 * delete; pictures not named stay, after the named ones, and files left over go at the end.
 */
export const careerSchema = z
  .object({
    order: z
      .array(z.string().regex(ORDER_ENTRY, koAdmin.career.badEntry))
      .max(CAREER_MAX_IMAGES * 2, koAdmin.career.tooManyInAll(CAREER_MAX_IMAGES))
      .optional()
      .meta({
        description:
          "The pictures in their new order: a kept picture's `index` (from `careerBackground.items`) or `new` for the next `imageFile`. The page without JavaScript adds the place chosen for it (`12:3`).",
      }),
    caption: z
      .array(caption.optional())
      .max(CAREER_MAX_IMAGES * 2, koAdmin.career.tooManyInAll(CAREER_MAX_IMAGES))
      .optional()
      .meta({ description: "The caption of each entry of `order` (or of each `imageFile` when `order` is not sent); empty: none." }),
    remove: z
      .array(recordId)
      .max(CAREER_MAX_IMAGES * 2, koAdmin.career.tooManyInAll(CAREER_MAX_IMAGES))
      .optional()
      .meta({ description: "Kept pictures to delete (their `index`)." }),
    imageFile: files,
    hasImage: yesNo.optional(),
  })
  .superRefine(
    (value, ctx) => {
      const refs = (value.order ?? []).map(entryOf);
      const kept = refs.flatMap((entry) => (entry.ref === "new" ? [] : [entry.ref]));
      if (new Set(kept).size !== kept.length) ctx.addIssue({ code: "custom", path: ["order"], message: koAdmin.career.duplicated });
      if (refs.filter((entry) => entry.ref === "new").length > value.imageFile.length) {
        ctx.addIssue({ code: "custom", path: ["imageFile"], message: koAdmin.career.missingFile });
      }
      if (isReplacement(value) && value.imageFile.length === 0) {
        ctx.addIssue({ code: "custom", path: ["imageFile"], message: koAdmin.career.required });
      }
    },
    whenPassed("order", "imageFile", "remove"),
  );
export type CareerInput = z.output<typeof careerSchema>;

type Entry = { ref: number | "new"; place: number | null };

function entryOf(raw: string): Entry {
  const [ref = "", place] = raw.split(":");
  return { ref: ref === "new" ? "new" : Number(ref), place: place === undefined ? null : Number(place) };
}

/** The original call: no picture named, so the files replace the whole set. */
function isReplacement(value: { order?: string[]; remove?: number[] }) {
  return !value.order?.length && !value.remove?.length;
}

/** What a save does: replace the set with the files, or edit it one picture at a time. */
export type CareerPlan =
  { kind: "replace"; captions: string[] } | { kind: "edit"; entries: { ref: number | "new"; caption: string | null }[]; remove: number[] };

/**
 * The plan of a parsed form. Entries with a chosen place go there: on a tie, the one moved up goes
 * first and the one moved down last (she moved it past the one standing there). Without `caption`
 * at all, kept pictures keep theirs (null); with it, an entry it does not reach has none.
 */
export function careerPlan(input: CareerInput): CareerPlan {
  const captions = input.caption;
  if (isReplacement(input)) return { kind: "replace", captions: input.imageFile.map((_, at) => captions?.[at] ?? "") };
  const entries = (input.order ?? []).map((raw, at) => {
    const { ref, place } = entryOf(raw);
    const chosen = place ?? at + 1;
    return { ref, caption: captions ? (captions[at] ?? "") : null, place: chosen, moved: Math.sign(chosen - (at + 1)), at };
  });
  entries.sort((a, b) => a.place - b.place || a.moved - b.moved || a.at - b.at);
  return { kind: "edit", entries: entries.map(({ ref, caption }) => ({ ref, caption })), remove: input.remove ?? [] };
}
