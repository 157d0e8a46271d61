import { koCareer } from "~/copy/ko-career";
import { uploadedFile as file, yesNo } from "~/lib/form-values";
import * as z from "~/lib/zod";

export const CAREER_MAX_IMAGES = 20;

/** docs/product.md §7 career upsert: imageFile repeated (PNG, JPEG or WebP, checked by content on the server), hasImage. */
export const careerSchema = z.object({
  imageFile: z
    .union([file, z.array(file)], { error: koCareer.required })
    .transform((value) => (Array.isArray(value) ? value : [value]).filter((item) => item.size > 0))
    .pipe(z.array(file).min(1, koCareer.required).max(CAREER_MAX_IMAGES, koCareer.tooMany(CAREER_MAX_IMAGES))),
  hasImage: yesNo.optional(),
});
export type CareerInput = z.output<typeof careerSchema>;
