import { decode } from "turbo-stream";

// A form with pictures, sent from the browser: each picked picture shrunk first, the body sent by
// XMLHttpRequest (the one browser API that reports upload progress) to the page's own action, its
// answer read as Remix's own data request answer. Nothing here runs before a submit.

/** The longest side a picture is shrunk to before it is sent (the server stores up to 2560). */
export const SHRINK_MAX_SIDE = 2048;
const SHRINK_QUALITY = 0.85;

export type ShrinkTarget = { type: "image/jpeg" | "image/webp" | "image/png"; width: number; height: number; quality?: number };

/**
 * How a decoded picture is sent: null keeps the file as it is (small enough; a GIF keeps its
 * animation; a PNG screenshot that fits stays pixel-exact). A larger PNG stays PNG (text stays
 * sharp); photos become JPEG (WebP stays WebP) at SHRINK_QUALITY; a kind the server does not store
 * (HEIC, which Safari decodes) becomes JPEG whatever its size.
 */
export function shrinkTarget(type: string, width: number, height: number): ShrinkTarget | null {
  const scale = Math.min(1, SHRINK_MAX_SIDE / Math.max(width, height));
  const size = { width: Math.round(width * scale), height: Math.round(height * scale) };
  if (type === "image/gif") return null;
  if (type === "image/png") return scale < 1 ? { type: "image/png", ...size } : null;
  if (type === "image/jpeg" || type === "image/webp") {
    return scale < 1 ? { type: type, ...size, quality: SHRINK_QUALITY } : null;
  }
  return { type: "image/jpeg", ...size, quality: SHRINK_QUALITY };
}

async function encode(bitmap: ImageBitmap, target: ShrinkTarget): Promise<Blob | null> {
  if (typeof OffscreenCanvas !== "undefined") {
    const canvas = new OffscreenCanvas(target.width, target.height);
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, target.width, target.height);
    return canvas.convertToBlob({ type: target.type, quality: target.quality });
  }
  const canvas = document.createElement("canvas");
  canvas.width = target.width;
  canvas.height = target.height;
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, target.width, target.height);
  return new Promise((resolve) => canvas.toBlob(resolve, target.type, target.quality));
}

const EXTENSION: Record<ShrinkTarget["type"], string> = { "image/jpeg": "jpg", "image/webp": "webp", "image/png": "png" };

/**
 * The picture to send for a picked file: shrunk (EXIF orientation applied, so the pixels are
 * upright and nothing else of the EXIF goes along), or the file itself when it needs no shrinking
 * or this browser cannot decode it (the server judges it then). A result larger than the original
 * is not used.
 */
export async function shrinkPicture(file: File): Promise<File> {
  if (typeof createImageBitmap !== "function" || file.size === 0) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  try {
    const target = shrinkTarget(file.type, bitmap.width, bitmap.height);
    if (!target) return file;
    const blob = await encode(bitmap, target).catch(() => null);
    // A browser that cannot encode WebP answers PNG: only the asked-for type is used.
    if (!blob || blob.type !== target.type || blob.size >= file.size) return file;
    const base = file.name.replace(/\.[^.]*$/, "") || "image";
    return new File([blob], `${base}.${EXTENSION[target.type]}`, { type: target.type, lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}

export type SaveOutcome =
  | { kind: "redirect"; to: string; replace: boolean }
  | { kind: "reply"; status: number; data: unknown }
  | { kind: "failed"; status: number };

/** Remix's data URL of a page action (single fetch): the page's path + ".data". */
export function dataUrl(action: string) {
  const url = new URL(action, window.location.href);
  url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname.replace(/\/$/, "")}.data`;
  return url.toString();
}

/** What a page action answered its data request (Remix single fetch, turbo-stream): a redirect, the form's reply, or a failure by status. */
export async function readSaveAnswer(status: number, body: Blob): Promise<SaveOutcome> {
  try {
    const { value } = await decode(body.stream());
    if (value && typeof value === "object") {
      if ("redirect" in value && typeof value.redirect === "string") {
        return { kind: "redirect", to: value.redirect, replace: "replace" in value && value.replace === true };
      }
      if ("data" in value && status < 500) return { kind: "reply", status, data: value.data };
    }
  } catch {
    // Not Remix's answer (a proxy's or the server edge's page): judged by its status below.
  }
  return { kind: "failed", status };
}

/**
 * Posts a form body to a page action with upload progress (0..1). Resolves with what the action
 * answered; a dropped connection or an abort resolves as failed with status 0.
 */
export function postWithProgress(action: string, body: FormData, onProgress: (fraction: number) => void): Promise<SaveOutcome> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", dataUrl(action));
    request.responseType = "blob";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      onProgress(1);
      void readSaveAnswer(request.status, request.response as Blob).then(resolve);
    };
    request.onerror = () => resolve({ kind: "failed", status: 0 });
    request.onabort = () => resolve({ kind: "failed", status: 0 });
    request.ontimeout = () => resolve({ kind: "failed", status: 0 });
    request.send(body);
  });
}
