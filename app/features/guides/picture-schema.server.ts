import { koServer } from "~/copy/ko-server.server";
import { optionalFile } from "~/lib/form-values";
import * as z from "~/lib/zod";

/** POST /api/detail/images: one picture for the text (the API's alone, so its words stay on the server). */
export const guidePictureSchema = z.object({
  imageFile: optionalFile.refine((file) => file !== undefined, koServer.guideForm.pictureRequired),
});
