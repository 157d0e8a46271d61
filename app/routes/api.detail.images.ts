import { responses } from "~/features/api-docs/responses";
import { storeGuidePicture } from "~/features/guides/guide-writes.server";
import { guidePictureSchema } from "~/features/guides/picture-schema.server";
import { apiCall } from "~/lib/api-call.server";

/** The editor's photo button: a picture for the text, stored (re-encoded, with its sizes) like every upload. */
export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Stores one picture for a guide's text (`imageFile`) and answers its address, to write as `![설명](url)`.",
  access: "admin",
  request: { multipart: guidePictureSchema, files: 1 },
  response: responses.detailPicture,
  answer: ({ admin, input }) => storeGuidePicture(admin, input.imageFile!),
});
