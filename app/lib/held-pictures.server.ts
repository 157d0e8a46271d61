import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { NodeOnDiskFile } from "@remix-run/node";
import { fileTypeFromFile } from "file-type";
import { koServer } from "~/copy/ko-server.server";
import { HELD_PICTURE_FIELD, PICTURE_KEPT_FIELD } from "./form-values";
import { loadSharp } from "./image-variants.server";
import { MAX_INPUT_PIXELS, removeReceived } from "./images.server";
import { sessionKey } from "./session.server";
import { HELD_FOLDER, UPLOAD_TEMP_FOLDER, uploadsDir } from "./uploads.server";

// A picture she chose on a page form that came back with an error (docs/architecture.md §5, "Nothing she
// picked is lost"). A browser never fills a file field again, so without JavaScript the next 등록 would
// save the record without it. Instead the server keeps the received file under a token, the form
// carries the token in a hidden field and shows the picture as chosen, and the next save takes it
// (or a newly chosen one instead). Held pictures live in UPLOADS_DIR/.site/held (a dotfolder:
// `/uploads` never serves it), one folder per token holding the file and what it belongs to.

/** At most this many pictures are held at once (the oldest goes first): 20 × UPLOAD_MAX_MB of disk at most (one career form's worth). */
export const HELD_MAX = 20;
/** A held picture no save took within this time is swept (an abandoned form). */
export const HELD_MAX_AGE_MS = 6 * 60 * 60 * 1000;
/** The preview a form shows of its held picture: a small JPEG in the page itself, so the file is never served. */
const PREVIEW_SIDE = 240;
const HELD_KINDS = new Set(["image/png", "image/jpeg", "image/webp", "image/gif"]);
const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PICTURE = "picture";
const ABOUT = "held.json";

/** What the form shows and sends back: the token, the preview (a data: URL) and the words beside it. */
export type HeldPicture = { token: string; preview: string; note: string };
/** One of the held pictures of a form that takes several: with its name and its tick's label. */
export type HeldPictureOfMany = HeldPicture & { name: string; keepLabel: string };

/** What a held folder records: whose session it belongs to (the session's key), when it was held, its type and preview. */
type About = { session: string; at: number; type: string; preview: string };

/**
 * The picture a page form's submission brings: chosen now (a file the form reader streamed to disk),
 * or held for an earlier answer and named by its token, or none. `refusal` says why a token was not
 * honoured (unknown, another session's, swept): the form comes back asking for the picture again.
 */
export type ReceivedPicture = {
  session: string;
  file: NodeOnDiskFile | null;
  preview: string | null;
  refusal: string | null;
  /** The browser's own save sent it, and its file field keeps it: nothing to hold. */
  keptByBrowser: boolean;
};

function heldRoot() {
  return path.join(uploadsDir(), HELD_FOLDER);
}

async function readAbout(token: string): Promise<About | null> {
  try {
    return JSON.parse(await fs.promises.readFile(path.join(heldRoot(), token, ABOUT), "utf8")) as About;
  } catch {
    return null;
  }
}

function release(token: string) {
  return fs.promises.rm(path.join(heldRoot(), token), { recursive: true, force: true });
}

/** The held picture `token` names, if it is this session's and not stale; anything else is as if it did not exist. */
async function heldOf(session: string, token: string, now = Date.now()): Promise<About | null> {
  if (!TOKEN.test(token)) return null;
  const about = await readAbout(token);
  return about && about.session === session && now - about.at < HELD_MAX_AGE_MS ? about : null;
}

/**
 * The picture `token` held for this session, moved into a receiving folder of its own (so the save
 * uses and removes it as it does any upload) and released; null when there is none.
 */
async function takeBack(session: string, token: string): Promise<{ file: NodeOnDiskFile; preview: string } | null> {
  const about = await heldOf(session, token);
  if (!about) return null;
  const folder = path.join(uploadsDir(), UPLOAD_TEMP_FOLDER, crypto.randomUUID());
  await fs.promises.mkdir(folder, { recursive: true });
  const received = path.join(folder, crypto.randomUUID());
  try {
    await fs.promises.rename(path.join(heldRoot(), token, PICTURE), received);
  } catch {
    // Taken by the same form sent twice at once (저장 tapped twice): gone for this one.
    await fs.promises.rm(folder, { recursive: true, force: true });
    return null;
  }
  await release(token);
  return { file: new NodeOnDiskFile(received, about.type), preview: about.preview };
}

/** The session and what the form says about its pictures, its token fields taken out of it. */
async function readHeldFields(request: Request, form: FormData) {
  await sweepHeldPictures();
  const session = (await sessionKey(request)) ?? "";
  const tokens = form.getAll(HELD_PICTURE_FIELD).filter((token): token is string => typeof token === "string" && token !== "");
  const keptByBrowser = form.get(PICTURE_KEPT_FIELD) === "1";
  form.delete(HELD_PICTURE_FIELD);
  form.delete(PICTURE_KEPT_FIELD);
  return { session, tokens, keptByBrowser };
}

/** A file the form reader streamed to disk, chosen in the form (an untouched chooser sends an empty part). */
function isChosen(value: FormDataEntryValue): value is NodeOnDiskFile & File {
  return value instanceof NodeOnDiskFile && value.size > 0;
}

/**
 * Reads the picture of a page form with one file field (`imageFile`): a newly chosen file wins, and
 * the picture held before under the form's token is released; else the held picture is put back in
 * the field as a received file. The token field is taken out of the form either way.
 */
export async function receivePicture(request: Request, form: FormData, field = "imageFile"): Promise<ReceivedPicture> {
  const { session, tokens, keptByBrowser } = await readHeldFields(request, form);
  const [token] = tokens;
  const none = { session, file: null, preview: null, refusal: null, keptByBrowser };
  const chosen = form.get(field);
  if (chosen !== null && isChosen(chosen)) {
    if (token && (await heldOf(session, token))) await release(token);
    return { ...none, file: chosen };
  }
  if (!token) return none;
  const held = await takeBack(session, token);
  if (!held) return { ...none, refusal: koServer.heldPicture.gone };
  // A File in all but its prototype, as the form reader stores it (form-values.ts `uploadedFile`).
  form.set(field, held.file as unknown as File);
  return { ...none, ...held };
}

/**
 * The pictures of a form whose file field takes several (the career pictures), each as ReceivedPicture
 * says of one; a picture held before is never kept by the browser, whichever way the form was sent.
 */
export type ReceivedPictures = {
  session: string;
  pictures: { file: NodeOnDiskFile; preview: string | null; keptByBrowser: boolean }[];
  refusal: string | null;
};

/**
 * Reads the pictures of a page form whose file field takes several: the files chosen now, then the
 * ones held for its last answer (pictures she chose before, and kept ticked), put back in the field
 * in that order; files beyond the form's entries go at the end, where she added them.
 */
export async function receivePictures(request: Request, form: FormData, field = "imageFile"): Promise<ReceivedPictures> {
  const { session, tokens, keptByBrowser } = await readHeldFields(request, form);
  const chosen = form.getAll(field).filter(isChosen);
  const held = (await Promise.all(tokens.map((token) => takeBack(session, token)))).filter((picture) => picture !== null);
  form.delete(field);
  for (const file of [...chosen, ...held.map((picture) => picture.file)]) form.append(field, file as unknown as File);
  return {
    session,
    pictures: [
      ...chosen.map((file) => ({ file, preview: null, keptByBrowser })),
      ...held.map((picture) => ({ ...picture, keptByBrowser: false })),
    ],
    refusal: held.length < tokens.length ? koServer.heldPicture.gone : null,
  };
}

/**
 * Holds the picture of a form that comes back with an error, when the save did not use it up (a
 * refused picture was already removed by the image pipeline): checked by content first, as a save
 * would, so a file that is no picture is refused beside its field now, not after the next tap.
 * Answers the token and preview for the form, or the refusal for its picture field, or nothing.
 */
export async function holdPicture(picture: ReceivedPicture): Promise<{ held: HeldPicture } | { refusal: string } | null> {
  if (!picture.file) return null;
  try {
    return await holdFile(picture.session, picture.file, picture.preview, picture.keptByBrowser, koServer.heldPicture.kept);
  } finally {
    // The receiving folder is empty once the picture moved, and the picture is not wanted when refused.
    await removeReceived([picture.file]);
  }
}

/** The same for each picture of a form that takes several: the ones held, and the refusals of the ones that are no pictures. */
export async function holdPictures(received: ReceivedPictures): Promise<{ held: HeldPictureOfMany[]; refusals: string[] }> {
  const outcomes = [];
  try {
    for (const { file, preview, keptByBrowser } of received.pictures)
      outcomes.push(await holdFile(received.session, file, preview, keptByBrowser, koServer.heldPicture.keptOfMany));
  } finally {
    await removeReceived(received.pictures.map((picture) => picture.file));
  }
  const held = outcomes.flatMap((outcome) => (outcome && "held" in outcome ? [outcome.held] : []));
  return {
    held: held.map((picture, at) => ({
      ...picture,
      name: koServer.heldPicture.picture(at + 1),
      keepLabel: koServer.heldPicture.keep(at + 1),
    })),
    refusals: outcomes.flatMap((outcome) => (outcome && "refusal" in outcome ? [outcome.refusal] : [])),
  };
}

/** Moves a received picture into a held folder of its own (a file that is no picture stays where it is). */
async function holdFile(
  session: string,
  received: NodeOnDiskFile,
  knownPreview: string | null,
  keptByBrowser: boolean,
  note: string,
): Promise<{ held: HeldPicture } | { refusal: string } | null> {
  const file = received.getFilePath();
  if (!fs.existsSync(file)) return null;
  const type = (await fileTypeFromFile(file))?.mime;
  if (!type || !HELD_KINDS.has(type)) return { refusal: koServer.upload.badType(["PNG", "JPEG", "WEBP", "GIF"]) };
  if (keptByBrowser) return null;
  const preview = knownPreview ?? (await previewOf(file));
  if (!preview) return { refusal: koServer.upload.undecodable };
  const token = crypto.randomUUID();
  const folder = path.join(heldRoot(), token);
  await fs.promises.mkdir(folder, { recursive: true });
  // What it is first, so a sweep meanwhile sees a fresh picture, not a folder to clear.
  const about: About = { session, at: Date.now(), type, preview };
  await fs.promises.writeFile(path.join(folder, ABOUT), JSON.stringify(about));
  await fs.promises.rename(file, path.join(folder, PICTURE));
  await sweepHeldPictures();
  return { held: { token, preview, note } };
}

async function previewOf(file: string): Promise<string | null> {
  try {
    const sharp = await loadSharp();
    const data = await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: PREVIEW_SIDE, height: PREVIEW_SIDE, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 70 })
      .toBuffer();
    return `data:image/jpeg;base64,${data.toString("base64")}`;
  } catch {
    return null;
  }
}

/**
 * Removes held pictures older than HELD_MAX_AGE_MS, and the oldest beyond HELD_MAX: run at start,
 * at every page form's upload, and after each hold.
 */
export async function sweepHeldPictures(now = Date.now()) {
  const tokens = await fs.promises.readdir(heldRoot()).catch(() => [] as string[]);
  const held = await Promise.all(tokens.map(async (token) => ({ token, at: (await readAbout(token))?.at ?? 0 })));
  held.sort((a, b) => b.at - a.at);
  const stale = held.filter(({ at }, place) => place >= HELD_MAX || now - at >= HELD_MAX_AGE_MS);
  await Promise.all(stale.map(({ token }) => release(token)));
}
